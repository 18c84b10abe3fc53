import PopSimGestures

/// Any bytes as a touch-stream CSV: the parser either throws a located error or accepts a stream that
/// passes its own validation, writes back to the same CSV it reads (shortest round-trip numbers), and
/// can be fed to every release-velocity estimator.
func fuzzTouchStream(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    let text = String(decoding: bytes, as: UTF8.self)
    let stream: TouchStream
    do {
        stream = try TouchStream(csv: text, source: "fuzz")
    } catch {
        _ = error.description
        return 0
    }
    do {
        try stream.validate()
        let again = try TouchStream(csv: stream.csv, source: "round trip")
        precondition(again == stream, "a stream read from CSV must read back from its own CSV unchanged")
    } catch {
        preconditionFailure("an accepted stream failed its own checks: \(error)")
    }
    for kind in VelocityEstimatorKind.allCases {
        var meter = ReleaseVelocityMeter(kind: kind)
        for sample in stream { _ = meter.consume(sample) }
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzTouchStream(UnsafeBufferPointer(start: data, count: size))
}
