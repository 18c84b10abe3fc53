import FrameBench
import PopSimGeometry
import PopSimGestures

/// Micro benchmarks of the Gestures module: touch-stream synthesis (script → digitiser → stream) per
/// delivered sample, and each release-velocity estimator per sample (addSample + velocity(at:)), as an
/// interaction model runs it on every touch sample.
enum GesturesSuite: BenchmarkSuite {
    static let group = "Gestures"
    static func estimator(_ kind: VelocityEstimatorKind) -> BenchmarkHandle {
        BenchmarkHandle(group: group, name: "velocity estimator \(kind.rawValue), addSample + velocity(at:)")
    }

    static func benchmarks() -> [Benchmark] { synthesis() + estimators() }

    static func targets() -> [Target] {
        VelocityEstimatorKind.allCases.map { kind in
            Target(
                "zero allocations: velocity estimator \(kind.rawValue)",
                .allocationsPerOperation(benchmark: estimator(kind), atMost: 0))
        }
    }

    // MARK: Synthesis

    /// A 300 pt flick up the screen at 1 500 pt/s (minimum jerk, default lift-off): the swipe of the
    /// round-trip table in Documentation/gestures.md.
    static func swipe() throws -> GestureScript {
        try GestureScript.swipe(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300), releaseVelocity: 1_500)
    }

    /// `GestureScript.touchStream(digitiser:seed:)` for a whole swipe, reported per delivered sample
    /// (the stream's arrays are allocated per call: their count per sample is in the allocation column).
    static func synthesis() -> [Benchmark] {
        let digitisers: [(String, Digitiser)] = [
            ("swipe synthesis, 120 Hz, exact (no noise, no pixel grid)", Digitiser(sampleRate: 120)),
            (
                "swipe synthesis, 120 Hz, noise 0.3 pt, jitter 0.5 ms, @3x grid",
                Digitiser(sampleRate: 120, timestampJitter: 0.0005, positionNoise: 0.3, scale: 3)
            ),
            (
                "swipe synthesis, ipad-pencil (240 Hz scan, 120 Hz delivery, @2x), noise 0.3 pt",
                {
                    var d = DevicePreset.iPadPencil.digitiser
                    d.positionNoise = 0.3
                    return d
                }()
            ),
        ]
        return digitisers.map { name, digitiser in
            // The sample count per stream is fixed by the script and digitiser (the seed moves noise, not ticks).
            let count = (try? swipe().touchStream(digitiser: digitiser, seed: 1).count) ?? 1
            return Benchmark(group: group, name: name, operation: "sample", operationsPerIteration: max(count, 1)) {
                let script = try swipe()
                let digitiser = opaque(digitiser)
                var seed: UInt64 = 1
                return { n in
                    var sum = 0.0
                    for _ in 0..<n {
                        let stream = try script.touchStream(digitiser: digitiser, seed: seed)
                        sum += stream[stream.endIndex - 1].location.y
                        seed &+= 1
                    }
                    blackHole(sum)
                }
            }
        }
    }

    // MARK: Estimators

    /// 1 024 samples of a noisy 120 Hz pan (8.5 s across the screen, σ = 0.3 pt, @3x grid), fed one per
    /// operation; the estimator is reset when the ring wraps (one touch per 1 024 samples).
    static func panSamples() throws -> [TouchSample] {
        let script = try GestureScript.pan(
            from: Point(x: 40, y: 780), to: Point(x: 350, y: 90), duration: 1_030.0 / 120)
        let stream = try script.touchStream(
            digitiser: Digitiser(sampleRate: 120, positionNoise: 0.3, scale: 3), seed: 7)
        return Array(stream.samples.prefix(1_024))
    }

    static func estimators() -> [Benchmark] {
        VelocityEstimatorKind.allCases.map { kind in
            Benchmark(estimator(kind), operation: "sample") {
                let samples = try panSamples()
                let times = OwnedBuffer(count: samples.count) { samples[$0].time }
                let xs = OwnedBuffer(count: samples.count) { samples[$0].location.x }
                let ys = OwnedBuffer(count: samples.count) { samples[$0].location.y }
                let count = samples.count
                var estimator = opaque(kind).makeEstimator()
                var next = 0
                return { n in
                    var sum = 0.0
                    var k = next
                    for _ in 0..<n {
                        if k == count {
                            estimator.reset()
                            k = 0
                        }
                        let t = times.base[k]
                        estimator.addSample(time: t, location: Point(x: xs.base[k], y: ys.base[k]))
                        let v = estimator.velocity(at: t)
                        sum += v.dx + v.dy
                        k += 1
                    }
                    next = k
                    blackHole(sum)
                }
            }
        }
    }
}
