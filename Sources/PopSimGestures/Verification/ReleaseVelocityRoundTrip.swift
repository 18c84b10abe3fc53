import PopSimTextIO
import PopSimGeometry

/// The check no public tool runs (Documentation/gestures.md §7): synthesise swipes with a requested
/// release velocity, digitise them at a rate and noise level, run each platform's estimator on the
/// result, and report measured ÷ requested.
///
/// Each trial is a ``GestureScript/swipe(from:to:releaseVelocity:duration:profile:liftOff:touch:)`` of
/// ``distance`` points in a direction and with a digitiser phase offset drawn from the seed (so the
/// sampling grid falls differently on the lift-off each time); the measured velocity is projected on
/// the swipe direction. Everything is deterministic for a given seed.
public struct ReleaseVelocityRoundTrip: Sendable {
    /// One (rate, noise, estimator) cell of the table.
    public struct Result: Sendable, Hashable {
        public var kind: VelocityEstimatorKind
        public var sampleRate: Double
        public var positionNoise: Double
        public var trials: Int
        /// Mean of measured ÷ requested over the trials.
        public var meanRatio: Double
        /// Sample standard deviation of the ratio.
        public var standardDeviation: Double
        public var minimumRatio: Double
        public var maximumRatio: Double
    }

    /// Requested release velocity (pt/s).
    public var requestedVelocity: Double = 1500
    /// Swipe length (pt).
    public var distance: Double = 300
    public var profile: MotionProfile = .minimumJerk
    public var liftOff: LiftOff = .default
    /// Swipe duration; nil lets the swipe generator choose (release at the middle of the profile).
    public var duration: Double?
    public var trials: Int = 64
    public var seed: UInt64 = 0
    /// Applied in every condition, besides the position noise of the condition.
    public var timestampJitter: Double = 0
    public var scale: Double?

    public init() {}

    /// Measured ÷ requested for every estimator in `kinds` at every rate and noise level, in the order
    /// rate, noise, kind.
    public func run(rates: [Double] = [60, 120, 240], noiseLevels: [Double] = [0, 0.5, 1],
                    kinds: [VelocityEstimatorKind] = VelocityEstimatorKind.allCases) throws(SynthesisError) -> [Result] {
        guard trials >= 1 else { throw SynthesisError(parameter: "trials", value: Double(trials), requirement: "it must be ≥ 1") }
        var results: [Result] = []
        for rate in rates {
            for noise in noiseLevels {
                let ratios = try measure(rate: rate, noise: noise, kinds: kinds)
                for (kind, values) in zip(kinds, ratios) {
                    let mean = values.reduce(0, +) / Double(values.count)
                    let variance = values.count > 1
                        ? values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1) : 0
                    results.append(Result(kind: kind, sampleRate: rate, positionNoise: noise, trials: values.count,
                                          meanRatio: mean, standardDeviation: variance.squareRoot(),
                                          minimumRatio: values.min() ?? .nan, maximumRatio: values.max() ?? .nan))
                }
            }
        }
        return results
    }

    /// The ratios of every trial, per kind.
    public func measure(rate: Double, noise: Double, kinds: [VelocityEstimatorKind]) throws(SynthesisError) -> [[Double]] {
        var ratios = [[Double]](repeating: [], count: kinds.count)
        var trialSource = SplitMix64(state: seed)
        for trial in 0..<trials {
            let angle = Double(trialSource.next() >> 11) * 0x1p-53 * 2 * Double.pi
            let phase = Double(trialSource.next() >> 11) * 0x1p-53 / rate
            let direction = Vector(dx: DeterministicMath.cos(angle), dy: DeterministicMath.sin(angle))
            let from = Point(x: 500, y: 500)
            let script = try GestureScript.swipe(from: from, to: from + direction * distance, releaseVelocity: requestedVelocity,
                                                 duration: duration, profile: profile, liftOff: liftOff)
            let digitiser = Digitiser(sampleRate: rate, phaseOffset: phase, timestampJitter: timestampJitter,
                                      positionNoise: noise, scale: scale)
            let stream = try digitiser.sample(script, seed: seed &+ UInt64(trial))
            for (index, kind) in kinds.enumerated() {
                let release = stream.releaseVelocities(using: kind).last?.velocity ?? .zero
                let along = release.dx * direction.dx + release.dy * direction.dy
                ratios[index].append(along / requestedVelocity)
            }
        }
        return ratios
    }

    /// The results as a Markdown table: one row per rate and noise, one column per estimator, each cell
    /// "mean ± standard deviation" of measured ÷ requested.
    public static func markdownTable(_ results: [Result]) -> String {
        let kinds = unique(results.map(\.kind))
        var lines = ["| rate (Hz) | noise σ (pt) | " + kinds.map(\.rawValue).joined(separator: " | ") + " |",
                     "|---|---|" + String(repeating: "---|", count: kinds.count)]
        let conditions = unique(results.map { [$0.sampleRate, $0.positionNoise] })
        for condition in conditions {
            let cells = kinds.map { kind -> String in
                guard let result = results.first(where: { $0.kind == kind && [$0.sampleRate, $0.positionNoise] == condition }) else { return "–" }
                return fixed(result.meanRatio, 3) + " ± " + fixed(result.standardDeviation, 3)
            }
            lines.append("| \(fixed(condition[0], 0)) | \(fixed(condition[1], 2)) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func unique<T: Hashable>(_ values: [T]) -> [T] {
        var seen: Set<T> = []
        return values.filter { seen.insert($0).inserted }
    }

    private static func fixed(_ value: Double, _ digits: Int) -> String { NumberFormat.fixed(digits).format(value) }
}
