/// Named digitiser settings for common Apple devices.
///
/// Sources (Documentation/gestures.md §3): UIKit delivers touches at the display rate (≈ 60 Hz, 120 Hz
/// on ProMotion) and coalesces the scans in between; the touch panel scans at 120 Hz since iPad Air 2 /
/// iPad Pro, Apple Pencil at 240 Hz (WWDC15-233, WWDC16-220). Scale factors are Apple's published
/// point-to-pixel ratios (@2x iPads and older iPhones, @3x recent iPhones). Phase, jitter and noise
/// are unknown per device and left at 0: set them on the returned ``Digitiser``.
public enum DevicePreset: String, Sendable, CaseIterable {
    /// A 60 Hz iPhone (iPhone 8 class): 60 Hz scan, 60 Hz display, @2x.
    case iPhone = "iphone"
    /// A ProMotion iPhone: 120 Hz scan and display, @3x.
    case iPhoneProMotion = "iphone-promotion"
    /// An iPad with a 120 Hz touch scan and a 60 Hz display (iPad Air 2 class): two scans per frame, @2x.
    case iPad = "ipad"
    /// Apple Pencil on a ProMotion iPad Pro: 240 Hz scan, 120 Hz display, @2x.
    case iPadPencil = "ipad-pencil"

    public var digitiser: Digitiser {
        switch self {
        case .iPhone:
            return Digitiser(sampleRate: 60, scale: 2, delivery: .displayFrames(rate: 60))
        case .iPhoneProMotion:
            return Digitiser(sampleRate: 120, scale: 3, delivery: .displayFrames(rate: 120))
        case .iPad:
            return Digitiser(sampleRate: 120, scale: 2, delivery: .displayFrames(rate: 60))
        case .iPadPencil:
            return Digitiser(sampleRate: 240, scale: 2, delivery: .displayFrames(rate: 120))
        }
    }
}
