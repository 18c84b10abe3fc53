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

/// One drawn frame: when it is drawn, how long it has been since the previous drawn frame, and how long
/// the display says a frame lasts.
///
/// On a regular display every frame lies on the vsync grid (frame k at k / vsync rate, computed from the
/// index so that frame times never accumulate rounding) and the two intervals agree. Irregular frames
/// (``FrameClock/irregularity``, ``FrameClock/ramp``, ``FrameClock/frameTimes``; Documentation/frames.md
/// §2) make them differ:
/// a dropped frame doubles ``elapsed`` but not ``nominalInterval``; a jittered or listed frame is off
/// the grid. A model that steps with the time it is given uses ``elapsed`` (PopSim's models evaluate
/// closed forms at ``time``, which is the same); a library that steps with the display's frame duration
/// uses ``nominalInterval``, as FloatingPanel's release spring does with `targetTimestamp − timestamp`
/// (`scenee/FloatingPanel@7efcc76 Sources/Core.swift:1451-1463`), so a dropped frame slows its settle.
/// A model says which with ``InteractionModel/frameStep``.
public struct FrameTick: Sendable, Hashable {
    /// The vsync the frame was drawn on (the frame's number in a list of frame times).
    public let index: Int
    /// When the frame is drawn, seconds.
    public let time: Double
    /// Vsyncs since the previous drawn frame (1 at a fixed rate; more when a ProMotion display idles or a
    /// frame was dropped). Meaningful when ``isOnVsyncGrid``.
    public let vsyncsSincePrevious: Int
    /// The length of one vsync of the grid the frame lies on, seconds.
    public let vsyncInterval: Double
    /// Seconds since the previous drawn frame (``nominalInterval`` for the first frame of a run).
    public let elapsed: Double
    /// The display's frame duration at this frame, seconds: one vsync while it draws at its active
    /// rate, the idle stride's worth while a ProMotion display idles, unchanged by a dropped frame.
    public let nominalInterval: Double
    /// Whether this frame and the previous drawn one lie exactly on one vsync grid of ``vsyncInterval``,
    /// ``vsyncsSincePrevious`` vsyncs apart: then equal strides are equal intervals, bit for bit, and an
    /// exact propagator for that interval applies (``SpringTrack``). False for a jittered or listed
    /// frame and for the first frame after the rate steps.
    public let isOnVsyncGrid: Bool

    /// A frame on a regular vsync grid: time index / vsyncRate, elapsed vsyncsSincePrevious / vsyncRate,
    /// nominal interval one vsync.
    public init(index: Int, vsyncRate: Double, vsyncsSincePrevious: Int) {
        self.index = index
        self.time = Double(index) / vsyncRate
        self.vsyncsSincePrevious = vsyncsSincePrevious
        self.vsyncInterval = 1 / vsyncRate
        self.elapsed = Double(vsyncsSincePrevious) / vsyncRate
        self.nominalInterval = 1 / vsyncRate
        self.isOnVsyncGrid = true
    }

    /// Any frame, every field given.
    public init(
        index: Int, time: Double, vsyncsSincePrevious: Int, vsyncInterval: Double, elapsed: Double,
        nominalInterval: Double, isOnVsyncGrid: Bool
    ) {
        self.index = index
        self.time = time
        self.vsyncsSincePrevious = vsyncsSincePrevious
        self.vsyncInterval = vsyncInterval
        self.elapsed = elapsed
        self.nominalInterval = nominalInterval
        self.isOnVsyncGrid = isOnVsyncGrid
    }

    /// The interval a model that steps with `step` advances by at this frame.
    public func interval(_ step: FrameStep) -> Double {
        switch step {
        case .elapsed: return elapsed
        case .nominal: return nominalInterval
        }
    }
}

/// What a model's frame-by-frame integration steps with (``InteractionModel/frameStep``).
public enum FrameStep: Sendable, Hashable {
    /// The real time since the previous frame (``FrameTick/elapsed``): UIKit's and SwiftUI's animations,
    /// and every closed form PopSim evaluates at the frame's time.
    case elapsed
    /// The display's frame duration (``FrameTick/nominalInterval``), whatever time really passed:
    /// FloatingPanel's release spring (`h = targetTimestamp − timestamp`).
    case nominal
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
