import PopSimTextIO

/// The display-link driver: merges a touch stream with frame ticks on one virtual clock.
///
/// Time runs on the vsync grid of the frame rate (frame k at k / rate). Before each vsync the touch
/// samples due by then are delivered to the model in time order, each after advancing the model to the
/// sample's own time (UIKit handles events before the frame is committed, so a sample exactly on a
/// vsync is seen by that frame). A vsync becomes a drawn frame at a fixed rate always, and on a
/// ProMotion display when the model needs frames or asks for a high rate, or on the idle stride. The
/// drawn state is sampled once per drawn frame into the trace.
///
/// Frames need not be regular (Documentation/frames.md): ``ramp`` steps the
/// display's rate while it runs (ProMotion under thermal or power limits), ``irregularity`` drops
/// frames and moves them off their vsyncs (seeded), and ``frameTimes`` (or a streamed list,
/// ``run(_:frameTimes:nextSample:drawn:failure:)``) draws frames exactly at given instants instead of on
/// any grid. Every drawn frame hands the model a ``FrameTick`` with its time, the time elapsed since the
/// previous frame and the display's nominal frame duration.
///
/// The run ends at `duration` when one is given; otherwise once every sample has been delivered and
/// the model has no pending work (everything has settled), or after `settleLimit` seconds past the
/// last sample, whichever comes first; with listed frame times also at the last one. Sample times must
/// be finite and non-decreasing, and a run may not exceed `maximumFrames` vsyncs (a guard against a typo
/// such as `--seconds 1e9`). Samples (and listed frame times) can be pulled one at a time and frames
/// handed out as they are drawn (``run(_:nextSample:drawn:failure:)``), so a run of any length needs
/// memory only for the model.
public struct FrameClock: Sendable {
    public var rate: FrameRate
    /// Run exactly this long (frames with time ≤ duration), settled or not.
    public var duration: Double?
    /// The longest a run may continue after the last sample while waiting to settle.
    public var settleLimit: Double
    /// The most vsyncs one run may span (default 10 million: 23 hours at 120 Hz).
    public var maximumFrames: Int
    /// Dropped and jittered frames on the vsync grid (default: none).
    public var irregularity: FrameIrregularity
    /// Steps of the display's rate while the run goes on (default: none, the rate throughout).
    public var ramp: RefreshRateRamp?
    /// Frames exactly at these instants (seconds, increasing), instead of on the vsync grid: every listed
    /// frame is drawn and none other (``FrameTimesReader`` reads them from a file). `rate` then only sets
    /// the nominal frame duration; ``ramp`` and ``irregularity`` must be unset.
    public var frameTimes: [Double]?
    /// Frames exactly at the instants of a checked file, read row at a time by each run (a run reads
    /// only the rows it draws), as ``frameTimes`` are drawn; the two are not given together.
    public var frameTimesFile: FrameTimesFile?

    public init(
        rate: FrameRate, duration: Double? = nil, settleLimit: Double = 60, maximumFrames: Int = 10_000_000,
        irregularity: FrameIrregularity = .none, ramp: RefreshRateRamp? = nil, frameTimes: [Double]? = nil
    ) {
        self.rate = rate
        self.duration = duration
        self.settleLimit = settleLimit
        self.maximumFrames = maximumFrames
        self.irregularity = irregularity
        self.ramp = ramp
        self.frameTimes = frameTimes
    }

    /// The highest vsync rate the run reaches (the rate, or a ramp's step above it).
    var highestRate: Double { ramp?.highestRate(startingAt: rate.vsyncRate) ?? rate.vsyncRate }

    /// Set on the copy of the clock a streamed-frame-times run uses, so validation knows.
    var streamsFrameTimes = false
}
