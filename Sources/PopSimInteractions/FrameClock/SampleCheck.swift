import PopSimGestures

extension FrameClock {
    /// The clock's rules for one sample after another: finite time and location, times never
    /// decreasing, and (without a fixed duration) no sample so late that waiting for it to settle would
    /// pass the frame limit. The clock applies it as it reads; a caller can apply it to a whole stream
    /// first, to refuse a bad one before anything is drawn.
    public struct SampleCheck: Sendable {
        let clock: FrameClock
        /// The clock's highest vsync rate, read once.
        private let highestRate: Double
        private var count = 0
        private(set) var previousTime = -Double.infinity

        init(clock: FrameClock) {
            self.clock = clock
            highestRate = clock.highestRate
        }

        public mutating func admit(_ sample: TouchSample) throws(InteractionError) {
            count += 1
            guard sample.time.isFinite, sample.location.x.isFinite, sample.location.y.isFinite else {
                throw .invalidStream("touch sample \(count) has a non-finite time or location")
            }
            guard sample.time >= previousTime else {
                throw .invalidStream(
                    "touch sample \(count) at time \(sample.time) "
                        + "comes before the previous sample (\(previousTime)): samples must be in time order"
                )
            }
            if clock.duration == nil {
                // The clock's frame-count check, its message built only when it fails.
                let end = sample.time + clock.settleLimit
                if !(end * highestRate <= Double(clock.maximumFrames)) { try clock.checkFrameCount(until: end) }
            }
            previousTime = sample.time
        }

        /// The time of the last sample admitted, or nil before the first.
        var lastTime: Double? { count == 0 ? nil : previousTime }
    }

    /// A fresh ``SampleCheck`` with this clock's limits.
    public var sampleCheck: SampleCheck { SampleCheck(clock: self) }
}
