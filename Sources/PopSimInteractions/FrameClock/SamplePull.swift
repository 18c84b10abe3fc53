import PopSimGestures

/// Where a run's cursor reads its touch samples, one at a time, in stream order (``FrameClock/Cursor``):
/// the frame loop is compiled for each, so reading an in-memory stream is an index into its array, not a
/// call through a closure at every sample.
protocol SamplePull {
    associatedtype Failure: Error
    /// The next sample, or nil once the stream has ended.
    mutating func next() throws(Failure) -> TouchSample?
}

/// The samples of an in-memory stream, read in place from ``index`` on (never failing; `Failure` is the
/// run's error type).
struct StreamPull<Failure: Error>: SamplePull {
    let samples: [TouchSample]
    /// The index of the next sample to read.
    var index = 0

    init(_ samples: [TouchSample]) {
        self.samples = samples
    }

    @inline(__always)
    mutating func next() throws(Failure) -> TouchSample? {
        guard index < samples.count else { return nil }
        index += 1
        return samples[index - 1]
    }
}

/// Samples pulled from a caller's function (a file or pipe read as the run goes).
struct FunctionPull<Failure: Error>: SamplePull {
    let pull: () throws(Failure) -> TouchSample?

    init(_ pull: @escaping () throws(Failure) -> TouchSample?) {
        self.pull = pull
    }

    @inline(__always)
    mutating func next() throws(Failure) -> TouchSample? { try pull() }
}
