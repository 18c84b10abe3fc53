import FrameBench
import PopSimDynamics
import PopSimPlatform

/// The spring fit (`popsim fit spring`, ``SpringFit``): one whole fit of a recording, start scan and GSL
/// iterations included. Target: under 1 ms for a 2 s trace at 120 Hz, reported as a figure.
extension DynamicsSuite {
    static let fittingGroup = "Spring fit"

    static func fitting() -> [Benchmark] {
        // SwiftUI .bouncy from 300 pt to rest, 2 s at 120 Hz (241 points), with ±0.5 pt of deterministic
        // dither standing in for a recording's noise.
        let spring = Spring.bouncy
        let times = (0...240).map { Double($0) / 120 }
        let positions = times.enumerated().map { i, t in
            300 * (spring.stepResponse(at: t)) + 0.5 * Double.sin(Double(i) * 2.399_963_229_728_653)
        }
        let cases: [(String, SpringFitOptions)] = [
            (
                "one fit, 2 s trace at 120 Hz (241 points), start and target held",
                SpringFitOptions(from: positions[0], to: positions[positions.count - 1])
            ),
            ("one fit, 2 s trace at 120 Hz (241 points), start and target free", SpringFitOptions()),
        ]
        return cases.map { name, options in
            Benchmark(group: fittingGroup, name: name, operation: "fit") {
                let t = opaque(times)
                let x = opaque(positions)
                let check = try SpringFit.fit(times: t, positions: x, options: options)
                guard abs(check.spring.response / spring.response - 1) < 0.01 else {
                    throw FitRecoveryMismatch(
                        "the fit recovered response \(check.spring.response), not \(spring.response)")
                }
                return { n in
                    var sum = 0.0
                    for _ in 0..<n {
                        sum += try SpringFit.fit(times: t, positions: x, options: options).spring.response
                    }
                    blackHole(sum)
                }
            }
        }
    }
}

extension Spring {
    /// The fraction of a step from rest still to go at t: the closed form from displacement 1.
    fileprivate func stepResponse(at t: Double) -> Double {
        (try? SpringSimulation(spring: self, start: 1, end: 0))?.position(at: t) ?? 0
    }
}

/// The fit benchmarked did not recover the spring the trace was made from, so its time would not be a fit's.
struct FitRecoveryMismatch: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
