import PopSimGestures

extension FrameClock {
    /// The clock's rules for one sample after another: finite time and location, times never
    /// decreasing, and (without a fixed duration) no sample so late that waiting for it to settle would
    /// pass the frame limit. The clock applies it as it reads; a caller can apply it to a whole stream
    /// first, to refuse a bad one before anything is drawn.
    public struct SampleCheck: Sendable {
        /// What the rules read of the clock, copied once: a run's cursor carries the check, and a copy of
        /// the clock's lists would be retained and released with it.
        private let settlesAfterLastSample: Bool
        private let settleLimit: Double
        private let maximumFrames: Int
        private let rate: FrameRate
        private let highestRate: Double
        private var count = 0
        private(set) var previousTime = -Double.infinity

        init(clock: FrameClock) {
            settlesAfterLastSample = clock.duration == nil
            settleLimit = clock.settleLimit
            maximumFrames = clock.maximumFrames
            rate = clock.rate
            highestRate = clock.highestRate
        }

        /// Inlined into the frame loop, which admits every sample as it reads it; the messages are built
        /// out of line, only when one is thrown.
        @inline(__always)
        public mutating func admit(_ sample: TouchSample) throws(InteractionError) {
            count += 1
            guard sample.time.isFinite, sample.location.x.isFinite, sample.location.y.isFinite,
                sample.time >= previousTime
            else {
                throw refusal(of: sample)
            }
            if settlesAfterLastSample {
                let end = sample.time + settleLimit
                if !(end * highestRate <= Double(maximumFrames)) {
                    throw FrameClock.tooManyFrames(
                        until: end, maximumFrames: maximumFrames, rate: rate, highestRate: highestRate)
                }
            }
            previousTime = sample.time
        }

        /// Why `sample`, the `count`th, is refused: a time or location that is not finite, or a time
        /// before the previous sample's.
        private func refusal(of sample: TouchSample) -> InteractionError {
            guard sample.time.isFinite, sample.location.x.isFinite, sample.location.y.isFinite else {
                return .invalidStream("touch sample \(count) has a non-finite time or location")
            }
            return .invalidStream(
                "touch sample \(count) at time \(sample.time) "
                    + "comes before the previous sample (\(previousTime)): samples must be in time order")
        }

        /// The time of the last sample admitted, or nil before the first.
        var lastTime: Double? { count == 0 ? nil : previousTime }
    }

    /// A fresh ``SampleCheck`` with this clock's limits.
    public var sampleCheck: SampleCheck { SampleCheck(clock: self) }
}
