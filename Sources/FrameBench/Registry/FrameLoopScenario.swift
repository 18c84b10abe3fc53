/// One frame of a frame-loop scenario: does everything the app would do for frame `frame` (the index
/// counts from 0 at the first warm-up frame; the frame's time on the frame clock is frame/rate).
public typealias FrameWork = (_ frame: Int) throws -> Void

/// A scenario played on the frame clock: a whole interaction (touch stream in, trace out) or a crowd of
/// concurrent springs. Each frame is timed on its own, and the per-frame work is judged against the
/// frame budget (overrun, missed frames, hitches; see ``HitchAnalysis``).
public struct FrameLoopScenario {
    public let group: String
    public let name: String
    /// What is simulated, e.g. "1 000 000 springs, SpringBatch".
    public let detail: String
    /// Whether this is a whole interaction of an interaction model (the target "a whole interaction
    /// frame at p99 under 0.1 % of the 120 Hz budget" is judged on these).
    public let isWholeInteraction: Bool
    /// Frames to time (nil: the run's default).
    public let frames: Int?
    /// Builds the scenario for a rate (the frame interval is 1/rate).
    public let setup: (RefreshRate) throws -> FrameWork

    public init(
        group: String, name: String, detail: String, isWholeInteraction: Bool = false, frames: Int? = nil,
        setup: @escaping (RefreshRate) throws -> FrameWork
    ) {
        self.group = group
        self.name = name
        self.detail = detail
        self.isWholeInteraction = isWholeInteraction
        self.frames = frames
        self.setup = setup
    }

    public var id: String { "\(group)/\(name)" }
}

/// A crowd whose size the capacity search varies: `makeCrowd(count, rate)` builds `count` concurrent
/// springs and returns one frame of advancing them all.
public struct CapacityProbe {
    /// What targets refer to it by.
    public let handle: CapacityProbeHandle
    /// Sizes above this are not tried (memory).
    public let maximumCount: Int
    /// Whether `--quick` measures it too.
    public let inQuickRun: Bool
    public let makeCrowd: (_ count: Int, _ rate: RefreshRate) throws -> FrameWork

    public init(
        _ handle: CapacityProbeHandle, maximumCount: Int, inQuickRun: Bool = false,
        makeCrowd: @escaping (_ count: Int, _ rate: RefreshRate) throws -> FrameWork
    ) {
        self.handle = handle
        self.maximumCount = maximumCount
        self.inQuickRun = inQuickRun
        self.makeCrowd = makeCrowd
    }

    /// A probe no target refers to, registered by its group and name.
    public init(
        group: String, name: String, maximumCount: Int, inQuickRun: Bool = false,
        makeCrowd: @escaping (_ count: Int, _ rate: RefreshRate) throws -> FrameWork
    ) {
        self.init(
            CapacityProbeHandle(group: group, name: name), maximumCount: maximumCount, inQuickRun: inQuickRun,
            makeCrowd: makeCrowd)
    }

    public var group: String { handle.group }
    public var name: String { handle.name }
    public var id: String { handle.id }
}
