import PopSimGestures

/// How often the display draws.
///
/// - `fixed`: every vsync at a constant rate (60 Hz iPhone, 120 Hz ProMotion pinned high).
/// - `proMotion`: a variable-refresh display. It draws every vsync of its active rate (120 Hz) while
///   the model needs frames (a finger is down, an animation or timer is running, or the model asks for
///   a high rate, as LNPopupController's display-link hint does, Documentation/lnpopupcontroller.md §9), and drops to
///   `idle` Hz on the same vsync grid otherwise. Apple documents ProMotion's range as down to 10 Hz on
///   iPhone 13 Pro and later; the idle rate is a parameter because the system picks it.
public enum FrameRate: Sendable, Hashable, CustomStringConvertible {
    case fixed(hertz: Double)
    case proMotion(active: Double, idle: Double)

    public static let sixty = FrameRate.fixed(hertz: 60)
    public static let oneTwenty = FrameRate.fixed(hertz: 120)
    public static let proMotion = FrameRate.proMotion(active: 120, idle: 10)

    /// Parses the command-line forms `60`, `120` (or any positive rate) and `promotion`.
    public init?(parsing text: String) {
        if text == "promotion" {
            self = .proMotion
        } else if let hertz = Double(text), hertz.isFinite, hertz > 0 {
            self = .fixed(hertz: hertz)
        } else {
            return nil
        }
    }

    /// The rate of the vsync grid every frame lies on.
    public var vsyncRate: Double {
        switch self {
        case let .fixed(hertz): return hertz
        case let .proMotion(active, _): return active
        }
    }

    /// Vsyncs between idle frames (1 for a fixed rate).
    public var idleStride: Int {
        switch self {
        case .fixed: return 1
        case let .proMotion(active, idle):
            // Rates are the caller's: an idle rate of 0, above the active rate or not a number means
            // "never idle", and a stride is capped where it could no longer be reached in a run.
            let ratio = (active / idle).rounded()
            guard ratio.isFinite, ratio > 1 else { return 1 }
            return Int(min(ratio, Double(Int32.max)))
        }
    }

    public var description: String {
        switch self {
        case let .fixed(hertz): return "\(hertz) Hz"
        case let .proMotion(active, idle): return "ProMotion \(active)/\(idle) Hz"
        }
    }
}

/// One drawn frame: its index on the vsync grid, its time (index / vsync rate, computed from the index
/// so that frame times never accumulate rounding), and how many vsyncs passed since the previous
/// drawn frame.
public struct FrameTick: Sendable, Hashable {
    public let index: Int
    public let time: Double
    /// Vsyncs since the previous drawn frame (1 at a fixed rate; more when a ProMotion display idles).
    public let vsyncsSincePrevious: Int
    /// The length of one vsync, seconds.
    public let vsyncInterval: Double

    public init(index: Int, vsyncRate: Double, vsyncsSincePrevious: Int) {
        self.index = index
        self.time = Double(index) / vsyncRate
        self.vsyncsSincePrevious = vsyncsSincePrevious
        self.vsyncInterval = 1 / vsyncRate
    }
}

extension FrameRate {
    /// The display of `device`: ProMotion between its lowest and highest rate, or its fixed rate.
    public init(device: DevicePreset) {
        if let idle = device.minimumDisplayRate {
            self = .proMotion(active: device.displayRate, idle: idle)
        } else {
            self = .fixed(hertz: device.displayRate)
        }
    }
}
