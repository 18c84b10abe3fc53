extension FrameClock {
    /// The rules for listed frame times: finite, ≥ 0, each later than the one before.
    struct FrameTimeCheck {
        private(set) var count = 0
        private var previous: Double?

        mutating func admit(_ time: Double) throws(InteractionError) {
            count += 1
            guard time.isFinite, time >= 0, previous.map({ time > $0 }) ?? true else {
                let before = previous.map { " (the frame before is at \($0) s)" } ?? ""
                throw .invalidParameter(
                    .invalidParameter(
                        parameter: "frameTimes[\(count - 1)]", value: time,
                        requirement: "a finite time ≥ 0, later than the frame before\(before): "
                            + "frame times must increase"))
            }
            previous = time
        }
    }
}
