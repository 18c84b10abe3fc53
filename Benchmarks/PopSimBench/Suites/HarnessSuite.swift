import FrameBench

/// Calibration of the harness itself: the cost of an empty iteration, and a body that allocates one
/// array per iteration, which must show exactly 1 allocation per operation (a checked target: proof
/// that the counter sees Swift's allocations, so a zero elsewhere means zero).
enum HarnessSuite: BenchmarkSuite {
    static let group = "Harness"
    static let allocateArray = BenchmarkHandle(group: group, name: "allocate a 4-element array")

    static func targets() -> [Target] {
        [
            Target(
                "allocation counter calibration: one array",
                .allocationCalibration(benchmark: allocateArray, exactly: 1))
        ]
    }

    static func benchmarks() -> [Benchmark] {
        [
            Benchmark(group: group, name: "empty iteration", operation: "iteration") {
                let step = opaque(1)
                return { n in
                    var i = 0
                    var count = 0
                    while i < n {
                        i &+= step
                        count &+= 1
                    }
                    blackHole(count)
                }
            },
            Benchmark(allocateArray, operation: "array") {
                let seed = opaque(1.0)
                return { n in
                    for _ in 0..<n {
                        let array = [seed, seed, seed, seed]
                        blackHole(array)
                    }
                }
            },
        ]
    }
}
