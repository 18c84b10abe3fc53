import Gestures

/// The display-link driver: merges a touch stream with frame ticks on one virtual clock.
///
/// Time runs on the vsync grid of the frame rate (frame k at k / rate). Before each vsync the touch
/// samples due by then are delivered to the model in time order, each after advancing the model to the
/// sample's own time (UIKit handles events before the frame is committed, so a sample exactly on a
/// vsync is seen by that frame). A vsync becomes a drawn frame at a fixed rate always, and on a
/// ProMotion display when the model needs frames or asks for a high rate, or on the idle stride. The
/// drawn state is sampled once per drawn frame into the trace.
///
/// The run ends at `duration` when one is given; otherwise once every sample has been delivered and
/// the model no longer needs frames (everything has settled), or after `settleLimit` seconds past the
/// last sample, whichever comes first.
public struct FrameClock: Sendable {
    public var rate: FrameRate
    /// Run exactly this long (frames with time ≤ duration), settled or not.
    public var duration: Double?
    /// The longest a run may continue after the last sample while waiting to settle.
    public var settleLimit: Double

    public init(rate: FrameRate, duration: Double? = nil, settleLimit: Double = 60) {
        self.rate = rate
        self.duration = duration
        self.settleLimit = settleLimit
    }

    public func run<Model: InteractionModel>(_ model: inout Model, stream: TouchStream) throws(InteractionError)
        -> Trace<Model.Frame, Model.Event> {
        let samples = stream.samples
        let vsync = rate.vsyncRate
        let stride = rate.idleStride
        let lastSampleTime = samples.last?.time ?? 0
        let end = duration ?? (lastSampleTime + settleLimit)
        var trace = Trace<Model.Frame, Model.Event>()
        var next = 0
        var lastDrawn: Int?
        var vsyncIndex = 0
        while true {
            let time = Double(vsyncIndex) / vsync
            if time > end + 1e-9 { break }
            while next < samples.count && samples[next].time <= time {
                let sample = samples[next]
                try model.advance(to: sample.time, tick: nil)
                try model.handle(sample)
                next += 1
            }
            let draws: Bool
            switch rate {
            case .fixed: draws = true
            case .proMotion:
                draws = lastDrawn == nil || model.needsFrames || model.preferredFrameRate != nil
                    || vsyncIndex.isMultiple(of: stride)
            }
            if draws {
                let tick = FrameTick(index: vsyncIndex, vsyncRate: vsync,
                                     vsyncsSincePrevious: lastDrawn.map { vsyncIndex - $0 } ?? 1)
                try model.advance(to: time, tick: tick)
                trace.rows.append(.init(time: time, frame: model.frame))
                lastDrawn = vsyncIndex
                if duration == nil && next == samples.count && !model.needsFrames { break }
            }
            vsyncIndex += 1
        }
        trace.events = model.events
        return trace
    }
}
