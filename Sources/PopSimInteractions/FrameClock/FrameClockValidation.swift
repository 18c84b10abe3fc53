import PopSimGestures

extension FrameClock {
    /// Checks the stream and the run's length before anything is simulated.
    func validate(_ samples: [TouchSample]) throws(InteractionError) {
        try validateDuration()
        var check = sampleCheck
        for sample in samples { try check.admit(sample) }
    }

    /// Checks the frame schedule, and the run's length when a duration fixes it, before anything is
    /// simulated.
    func validateDuration() throws(InteractionError) {
        try irregularity.validate()
        try ramp?.validate()
        if frameTimes != nil || frameTimesFile != nil || streamsFrameTimes {
            // Listed frames are drawn exactly where they are.
            let exactly = "with listed frame times, which are drawn exactly"
            if let ramp {
                throw .invalidParameter(
                    .invalidParameter(
                        parameter: "ramp steps", value: Double(ramp.steps.count),
                        requirement: "absent \(exactly)"))
            }
            if irregularity.dropProbability != 0 {
                throw .invalidParameter(
                    .invalidParameter(
                        parameter: "dropProbability", value: irregularity.dropProbability, requirement: "0 \(exactly)"))
            }
            if irregularity.jitter != 0 {
                throw .invalidParameter(
                    .invalidParameter(
                        parameter: "jitter", value: irregularity.jitter,
                        requirement: "0 \(exactly)"))
            }
        }
        if frameTimes != nil && frameTimesFile != nil {
            throw .invalidParameter(
                .invalidParameter(
                    parameter: "frameTimes count", value: Double(frameTimes!.count),
                    requirement: "0 beside a frame-times file: give frame times one way"))
        }
        if let frameTimesFile, frameTimesFile.count > maximumFrames {
            throw .invalidParameter(
                .invalidParameter(
                    parameter: "frameTimesFile count", value: Double(frameTimesFile.count),
                    requirement: "at most \(maximumFrames) frames"))
        }
        if let frameTimes {
            guard frameTimes.count <= maximumFrames else {
                throw .invalidParameter(
                    .invalidParameter(
                        parameter: "frameTimes", value: Double(frameTimes.count),
                        requirement: "at most \(maximumFrames) frames"))
            }
            var check = FrameTimeCheck()
            for time in frameTimes { try check.admit(time) }
        }
        guard let duration else { return }
        guard duration.isFinite && duration >= 0 else {
            throw .invalidParameter(
                .invalidParameter(parameter: "duration", value: duration, requirement: "a finite number ≥ 0"))
        }
        try checkFrameCount(until: duration)
    }

    func checkFrameCount(until end: Double) throws(InteractionError) {
        let highest = highestRate
        guard end * highest <= Double(maximumFrames) else {
            throw Self.tooManyFrames(until: end, maximumFrames: maximumFrames, rate: rate, highestRate: highest)
        }
    }

    /// The error of a run that would last until `end` on a clock drawing at most `highestRate` frames a
    /// second, past its limit of `maximumFrames`.
    static func tooManyFrames(until end: Double, maximumFrames: Int, rate: FrameRate, highestRate: Double)
        -> InteractionError
    {
        .invalidParameter(
            .invalidParameter(
                parameter: "duration", value: end,
                requirement: "at most \(maximumFrames) frames at \(rate) (\(Double(maximumFrames) / highestRate) s)"))
    }
}
