import PopSimGeometry
import PopSimTextIO

/// The check no public tool runs (Documentation/gestures.md §7): synthesise swipes with a requested
/// release velocity, digitise them at a rate and noise level, run each platform's estimator on the
/// result, and report measured ÷ requested.
///
/// Each trial is a ``GestureScript/swipe(from:to:releaseVelocity:duration:profile:liftOff:touch:)`` of
/// ``distance`` points in a direction and with a digitiser phase offset drawn from the seed (so the
/// sampling grid falls differently on the lift-off each time); the measured velocity is projected on
/// the swipe direction. Everything is deterministic for a given seed.
///
/// Each swipe is digitised and fed to the estimators one sample at a time (``Digitiser/samples(of:seed:)``,
/// ``ReleaseVelocityMeter``), so memory does not grow with the swipe; the time a run takes is bounded up
/// front by ``maximumTotalSamples``.
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

    /// The most samples one run may digitise, over every rate, noise level and trial: 50 000 000, the
    /// limit of one digitised stream (``Digitiser/maximumSamples``), so a round trip costs at most what
    /// the longest `synth` may. Each sample goes through every estimator; a slow release velocity
    /// (0.001 pt/s makes a 300 pt swipe last 562 500 s) is refused here, before any work, instead of
    /// running for minutes.
    public static let maximumTotalSamples = Digitiser.maximumSamples

    /// The samples ``run(rates:noiseLevels:kinds:)`` digitises, estimated before any is: for each rate,
    /// trials × noise levels × (swipe duration × rate + 2), the bound ``Digitiser/samples(of:seed:)``
    /// puts on one swipe. The swipe's duration does not depend on its direction, so one script tells it.
    public func estimatedSampleCount(rates: [Double], noiseLevels: [Double]) throws(SynthesisError) -> Double {
        let script = try swipe(direction: Vector(dx: 1, dy: 0))
        var total = 0.0
        for rate in rates {
            try SynthesisError.check(rate, .sampleRate, positive: true)
            total += Double(trials) * Double(noiseLevels.count) * (script.duration * rate + 2)
        }
        return total
    }

    /// Measured ÷ requested for every estimator in `kinds` at every rate and noise level, in the order
    /// rate, noise, kind.
    public func run(
        rates: [Double] = [60, 120, 240], noiseLevels: [Double] = [0, 0.5, 1],
        kinds: [VelocityEstimatorKind] = VelocityEstimatorKind.allCases
    ) throws(SynthesisError) -> [Result] {
        guard trials >= 1 else {
            throw SynthesisError(field: .trials, value: Double(trials), requirement: "it must be ≥ 1")
        }
        let total = try estimatedSampleCount(rates: rates, noiseLevels: noiseLevels)
        guard total <= Double(Self.maximumTotalSamples) else {
            let swipeDuration = try swipe(direction: Vector(dx: 1, dy: 0)).duration
            func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
            let conditions =
                "\(count(trials, "trial")) × \(count(noiseLevels.count, "noise level")) "
                + "× \(count(rates.count, "rate"))"
            let duration: String = NumberFormat.readable.format(swipeDuration)
            let samples: String = NumberFormat.fixed(0).format(total)
            throw SynthesisError(
                field: .totalSampleCount, value: total,
                requirement: "\(conditions) of a \(duration) s swipe digitise about \(samples) samples, more than "
                    + "\(Self.maximumTotalSamples); use fewer trials, noise levels or rates, lower rates, or a shorter "
                    + "swipe (a higher release velocity, a shorter distance or duration)")
        }
        var results: [Result] = []
        for rate in rates {
            for noise in noiseLevels {
                let ratios = try measure(rate: rate, noise: noise, kinds: kinds)
                for (kind, values) in zip(kinds, ratios) {
                    let mean = values.reduce(0, +) / Double(values.count)
                    let variance =
                        values.count > 1
                        ? values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1) : 0
                    results.append(
                        Result(
                            kind: kind, sampleRate: rate, positionNoise: noise, trials: values.count,
                            meanRatio: mean, standardDeviation: variance.squareRoot(),
                            minimumRatio: values.min() ?? .nan, maximumRatio: values.max() ?? .nan))
                }
            }
        }
        return results
    }

    /// The ratios of every trial, per kind. Each swipe streams through one ``ReleaseVelocityMeter``
    /// per kind; the last release each reports is the swipe's (as ``TouchStream/releaseVelocities(using:)``
    /// would find in the whole stream). Memory: the ratios, trials × kinds doubles.
    public func measure(rate: Double, noise: Double, kinds: [VelocityEstimatorKind]) throws(SynthesisError)
        -> [[Double]]
    {
        var ratios = [[Double]](repeating: [], count: kinds.count)
        for index in ratios.indices { ratios[index].reserveCapacity(trials) }
        var trialSource = SplitMix64(state: seed)
        for trial in 0..<trials {
            let angle = Double(trialSource.next() >> 11) * 0x1p-53 * 2 * Double.pi
            let phase = Double(trialSource.next() >> 11) * 0x1p-53 / rate
            let direction = Vector(dx: DeterministicMath.cos(angle), dy: DeterministicMath.sin(angle))
            let script = try swipe(direction: direction)
            let digitiser = Digitiser(
                sampleRate: rate, phaseOffset: phase, timestampJitter: timestampJitter,
                positionNoise: noise, scale: scale)
            var samples = try digitiser.samples(of: script, seed: seed &+ UInt64(trial))
            var meters = kinds.map(ReleaseVelocityMeter.init(kind:))
            var releases = [Vector](repeating: .zero, count: kinds.count)
            while let sample = samples.next() {
                for index in meters.indices {
                    if let release = meters[index].consume(sample) { releases[index] = release.velocity }
                }
            }
            for (index, release) in releases.enumerated() {
                let along = release.dx * direction.dx + release.dy * direction.dy
                ratios[index].append(along / requestedVelocity)
            }
        }
        return ratios
    }

    /// The swipe of one trial: ``distance`` points from (500, 500) along `direction`.
    private func swipe(direction: Vector) throws(SynthesisError) -> GestureScript {
        let from = Point(x: 500, y: 500)
        return try GestureScript.swipe(
            from: from, to: from + direction * distance, releaseVelocity: requestedVelocity,
            duration: duration, profile: profile, liftOff: liftOff)
    }

    /// The results as a Markdown table: one row per rate and noise, one column per estimator, each cell
    /// "mean ± standard deviation" of measured ÷ requested.
    public static func markdownTable(_ results: [Result]) -> String {
        let kinds = unique(results.map(\.kind))
        var lines = [
            "| rate (Hz) | noise σ (pt) | " + kinds.map(\.rawValue).joined(separator: " | ") + " |",
            "|---|---|" + String(repeating: "---|", count: kinds.count),
        ]
        let conditions = unique(results.map { [$0.sampleRate, $0.positionNoise] })
        for condition in conditions {
            let cells = kinds.map { kind -> String in
                guard
                    let result = results.first(where: {
                        $0.kind == kind && [$0.sampleRate, $0.positionNoise] == condition
                    })
                else { return "–" }
                return fixed(result.meanRatio, 3) + " ± " + fixed(result.standardDeviation, 3)
            }
            lines.append(
                "| \(fixed(condition[0], 0)) | \(fixed(condition[1], 2)) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func unique<T: Hashable>(_ values: [T]) -> [T] {
        var seen: Set<T> = []
        return values.filter { seen.insert($0).inserted }
    }

    private static func fixed(_ value: Double, _ digits: Int) -> String { NumberFormat.fixed(digits).format(value) }
}
