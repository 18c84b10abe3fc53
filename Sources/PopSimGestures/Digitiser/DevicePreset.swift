import PopSimGeometry

/// A device a user ships on: what every threshold depends on besides the library's own constants.
/// One table serves the digitiser (``digitiser``), the interaction models (window, safe area) and the
/// frame clock (display rate), so `--device NAME` sets them together.
///
/// Numbers and their sources are listed in Documentation/devices.md. In short: window sizes and pixel
/// scales from Apple's Human Interface Guidelines and iOS Device Compatibility Reference; portrait
/// safe-area insets as UIKit reports them (the device_frame package of aloisdeniel/flutter_device_preview
/// records them per device); display and touch-scan rates from Apple's Device Compatibility Reference
/// (Table "Touch sample and delivery rates": iPhone 8 60/60 Hz, iPhone X 120/60 Hz, iPad Air 2 120/60 Hz,
/// 120 Hz iPad Pro 120/120 Hz) and WWDC15-233 / WWDC16-220 (Apple Pencil 240 Hz). Where Apple publishes
/// nothing for a newer device the documentation says which older one the number is carried over from.
public struct DevicePreset: Sendable, Hashable, CustomStringConvertible {
    /// The command-line name (`iphone-15-pro`).
    public let name: String
    /// The window in points, portrait (`UIScreen.bounds`).
    public let window: Size
    /// `safeAreaInsets` of a full-screen window in portrait, points.
    public let safeAreaInsets: EdgeInsets
    /// The display's (highest) refresh rate, Hz.
    public let displayRate: Double
    /// The lowest rate a variable-refresh (ProMotion) display drops to when idle, Hz; nil for a fixed rate.
    public let minimumDisplayRate: Double?
    /// Digitiser scans per second, Hz.
    public let touchScanRate: Double
    /// Device pixels per point.
    public let scale: Double
    /// Horizontal size class in portrait: compact on phones, regular on iPads.
    public let isRegularWidth: Bool
    /// Whether ``touchScanRate`` is carried over from an older device rather than published by Apple for
    /// this one (Documentation/devices.md says from which).
    public let touchScanRateIsInferred: Bool

    public init(
        name: String, window: Size, safeAreaInsets: EdgeInsets, displayRate: Double, minimumDisplayRate: Double?,
        touchScanRate: Double, scale: Double, isRegularWidth: Bool, touchScanRateIsInferred: Bool = false
    ) {
        self.name = name
        self.window = window
        self.safeAreaInsets = safeAreaInsets
        self.displayRate = displayRate
        self.minimumDisplayRate = minimumDisplayRate
        self.touchScanRate = touchScanRate
        self.scale = scale
        self.isRegularWidth = isRegularWidth
        self.touchScanRateIsInferred = touchScanRateIsInferred
    }

    /// The digitiser: scans at ``touchScanRate``, quantises to 1/``scale`` pt and delivers the latest scan
    /// per display frame, as `touchesMoved` does. Phase, jitter and noise are unknown per device and left
    /// at 0: set them on the returned value.
    public var digitiser: Digitiser {
        Digitiser(sampleRate: touchScanRate, scale: scale, delivery: .displayFrames(rate: displayRate))
    }

    public var description: String { name }

    // MARK: Presets

    /// iPhone SE (2nd and 3rd generation): 375 × 667 pt @2x, 20 pt status bar, 60 Hz display, 60 Hz touch
    /// scan (inferred: the iPhone 8's, whose panel it shares).
    public static let iPhoneSE = DevicePreset(
        name: "iphone-se", window: Size(width: 375, height: 667),
        safeAreaInsets: EdgeInsets(top: 20), displayRate: 60, minimumDisplayRate: nil,
        touchScanRate: 60, scale: 2, isRegularWidth: false, touchScanRateIsInferred: true)
    /// iPhone 15: 393 × 852 pt @3x, Dynamic Island (59 / 34 pt), 60 Hz display, 120 Hz touch scan
    /// (inferred: the iPhone X's).
    public static let iPhone15 = DevicePreset(
        name: "iphone-15", window: Size(width: 393, height: 852),
        safeAreaInsets: EdgeInsets(top: 59, bottom: 34), displayRate: 60, minimumDisplayRate: nil,
        touchScanRate: 120, scale: 3, isRegularWidth: false, touchScanRateIsInferred: true)
    /// iPhone 15 Pro: the iPhone 15's window with a ProMotion display (120 Hz, down to 10 Hz idle).
    public static let iPhone15Pro = DevicePreset(
        name: "iphone-15-pro", window: iPhone15.window,
        safeAreaInsets: iPhone15.safeAreaInsets, displayRate: 120, minimumDisplayRate: 10,
        touchScanRate: 120, scale: 3, isRegularWidth: false, touchScanRateIsInferred: true)
    /// iPhone 15 Pro Max: 430 × 932 pt @3x, ProMotion.
    public static let iPhone15ProMax = DevicePreset(
        name: "iphone-15-pro-max", window: Size(width: 430, height: 932),
        safeAreaInsets: EdgeInsets(top: 59, bottom: 34), displayRate: 120,
        minimumDisplayRate: 10, touchScanRate: 120, scale: 3, isRegularWidth: false,
        touchScanRateIsInferred: true)
    /// iPad Air 2: 768 × 1024 pt @2x, 60 Hz display, 120 Hz touch scan (two scans per frame).
    public static let iPadAir2 = DevicePreset(
        name: "ipad-air-2", window: Size(width: 768, height: 1024),
        safeAreaInsets: EdgeInsets(top: 20), displayRate: 60, minimumDisplayRate: nil,
        touchScanRate: 120, scale: 2, isRegularWidth: true)
    /// 11-inch iPad Pro (1st–4th generation, 2018–2022): 834 × 1194 pt @2x, 24 / 20 pt safe area (the
    /// status bar and home indicator of the Face ID iPads, as the M4 model reports them: no per-device
    /// record of this model's was found), ProMotion LCD (120 Hz, down to 24 Hz), 120 Hz touch scan.
    public static let iPadPro11 = DevicePreset(
        name: "ipad-pro-11", window: Size(width: 834, height: 1194),
        safeAreaInsets: EdgeInsets(top: 24, bottom: 20), displayRate: 120, minimumDisplayRate: 24,
        touchScanRate: 120, scale: 2, isRegularWidth: true)
    /// 11-inch iPad Pro (M4, 2024): 834 × 1210 pt @2x, 24 / 20 pt safe area, ProMotion OLED (120 Hz, down
    /// to 10 Hz), 120 Hz touch scan (inferred: the 120 Hz iPad Pros').
    public static let iPadPro11M4 = DevicePreset(
        name: "ipad-pro-11-m4", window: Size(width: 834, height: 1210),
        safeAreaInsets: EdgeInsets(top: 24, bottom: 20), displayRate: 120, minimumDisplayRate: 10,
        touchScanRate: 120, scale: 2, isRegularWidth: true, touchScanRateIsInferred: true)
    /// Apple Pencil on the 11-inch iPad Pro: the same window and display, scanned at 240 Hz.
    public static let iPadPro11Pencil = DevicePreset(
        name: "ipad-pro-11-pencil", window: iPadPro11.window,
        safeAreaInsets: iPadPro11.safeAreaInsets, displayRate: iPadPro11.displayRate,
        minimumDisplayRate: iPadPro11.minimumDisplayRate, touchScanRate: 240,
        scale: iPadPro11.scale, isRegularWidth: true)

    /// Every preset, in the order `popsim devices` lists them.
    public static let all: [DevicePreset] = [
        iPhoneSE, iPhone15, iPhone15Pro, iPhone15ProMax, iPadAir2, iPadPro11, iPadPro11M4,
        iPadPro11Pencil,
    ]

    /// Earlier names, kept so existing command lines work: each names the preset whose digitiser it was.
    public static let aliases: [String: DevicePreset] = [
        "iphone": iPhoneSE, "iphone-promotion": iPhone15Pro, "ipad": iPadAir2, "ipad-pencil": iPadPro11Pencil,
    ]

    /// A 60 Hz iPhone (earlier name `iphone`): ``iPhoneSE``.
    public static var iPhone: DevicePreset { iPhoneSE }
    /// A ProMotion iPhone (earlier name `iphone-promotion`): ``iPhone15Pro``.
    public static var iPhoneProMotion: DevicePreset { iPhone15Pro }
    /// An iPad with a 120 Hz scan and a 60 Hz display (earlier name `ipad`): ``iPadAir2``.
    public static var iPad: DevicePreset { iPadAir2 }
    /// Apple Pencil on a ProMotion iPad Pro (earlier name `ipad-pencil`): ``iPadPro11Pencil``.
    public static var iPadPencil: DevicePreset { iPadPro11Pencil }

    /// The preset called `name`, or an earlier name for one.
    public init?(named name: String) {
        guard let preset = Self.all.first(where: { $0.name == name }) ?? Self.aliases[name] else { return nil }
        self = preset
    }

    /// The preset names, comma-separated, for messages and help.
    public static var names: String { all.map(\.name).joined(separator: ", ") }
}
