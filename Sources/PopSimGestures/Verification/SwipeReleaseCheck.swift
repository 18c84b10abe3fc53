import PopSimGeometry
import PopSimTextIO

/// Swipes synthesised over a grid of rates, speeds and distances and read through the four estimators
/// (``ReleaseFigures``): what Documentation/gestures.md §8 compares with the recorded flings, for the
/// human release model or for a motion profile with its lift-off tail.
///
/// Every grid cell is swiped ``trials`` times. Swipe i (counted over the whole grid, rates outermost,
/// then speeds, distances, trials) has its own seed, output i + 1 of SplitMix64 started at ``seed``: its
/// SplitMix64 outputs 1–4 seed the digitiser's noise, 5–8 the human release
/// (``HumanReleaseModel/release(seed:)``; unused for a profile) and 9–10 its direction (``directions``)
/// and the digitiser's phase, all uniform.
/// The digitiser scans at the cell's rate, every scan delivered, with Gaussian position noise and no
/// pixel grid. Everything is deterministic for a given seed.
public struct SwipeReleaseCheck: Sendable {
    /// How each swipe moves.
    public enum Synthesis: Sendable {
        /// ``GestureScript/swipe(from:to:releaseVelocity:human:touch:)`` with a release drawn from the model.
        case human(HumanReleaseModel)
        /// ``GestureScript/swipe(from:to:releaseVelocity:duration:profile:liftOff:touch:)`` without a
        /// duration: released at the middle of the profile, then the lift-off tail.
        case profile(MotionProfile, LiftOff)
    }

    /// Which way the swipes go.
    public enum Directions: Sendable, Hashable {
        /// Uniform over the circle (the angle is output 9 of the swipe's seed, scaled to [0, 2π)).
        case any
        /// Straight down when that angle is below π, else straight up: a sheet's or a popup's drag.
        case vertical
    }

    public var synthesis: Synthesis = .human(.corpus)
    public var directions = Directions.any
    /// Digitiser rates, Hz.
    public var rates: [Double] = [60, 120, 200]
    /// Peak release speeds, pt/s.
    public var speeds: [Double] = stride(from: 1500.0, through: 6000, by: 500).map { $0 }
    /// Swipe lengths, pt.
    public var distances: [Double] = stride(from: 150.0, through: 600, by: 75).map { $0 }
    public var trials = 4
    /// Gaussian position noise per axis, pt.
    public var positionNoise = 0.3
    public var seed: UInt64 = 0

    public init() {}

    /// The most swipes one check may synthesise (a grid typed wrong, not a measurement).
    public static let maximumSwipes = 1_000_000

    /// The reading of every swipe, in grid order, with its rate.
    public func readings() throws(SynthesisError) -> [(rate: Double, reading: ReleaseReading?)] {
        try streams().map { ($0.rate, ReleaseReading(stroke: $0.stream.samples)) }
    }

    /// Every swipe as the digitiser reports it, in grid order, with its rate: what ``readings()`` reads,
    /// and what can be scanned again as the corpus is (``StrokeRescan``).
    public func streams() throws(SynthesisError) -> [(rate: Double, stream: TouchStream)] {
        guard trials >= 1 else {
            throw SynthesisError(field: .trials, value: Double(trials), requirement: "it must be ≥ 1")
        }
        let count = Double(rates.count) * Double(speeds.count) * Double(distances.count) * Double(trials)
        guard count <= Double(Self.maximumSwipes) else {
            throw SynthesisError(
                field: .trials, value: Double(trials),
                requirement: "the grid holds \(NumberFormat.readable.format(count)) swipes, "
                    + "more than \(Self.maximumSwipes)")
        }
        if case let .human(model) = synthesis { try model.validate() }
        var results: [(rate: Double, stream: TouchStream)] = []
        results.reserveCapacity(Int(count))
        var swipeSeeds = SplitMix64(state: seed)
        let from = Point(x: 1000, y: 1000)
        for rate in rates {
            for speed in speeds {
                for distance in distances {
                    for _ in 0..<trials {
                        let swipeSeed = swipeSeeds.next()
                        var placement = SplitMix64(state: swipeSeed &+ 8 &* 0x9E37_79B9_7F4A_7C15)
                        let angle = Double(placement.next() >> 11) * 0x1p-53 * 2 * Double.pi
                        let phase = Double(placement.next() >> 11) * 0x1p-53 / rate
                        let direction =
                            switch directions {
                            case .any: Vector(dx: DeterministicMath.cos(angle), dy: DeterministicMath.sin(angle))
                            case .vertical: Vector(dx: 0, dy: angle < Double.pi ? 1 : -1)
                            }
                        let to = from + direction * distance
                        let script: GestureScript
                        switch synthesis {
                        case let .human(model):
                            script = try .swipe(
                                from: from, to: to, releaseVelocity: speed,
                                human: model.release(seed: swipeSeed))
                        case let .profile(profile, liftOff):
                            script = try .swipe(
                                from: from, to: to, releaseVelocity: speed, profile: profile,
                                liftOff: liftOff)
                        }
                        let digitiser = Digitiser(sampleRate: rate, phaseOffset: phase, positionNoise: positionNoise)
                        let stream = try digitiser.sample(script, seed: swipeSeed)
                        results.append((rate, stream))
                    }
                }
            }
        }
        return results
    }

    /// The figures over the whole grid, and per rate (in ``rates`` order), of the swipes with at least
    /// `minimumSamples` samples before lift-off. A swipe with no segment to read (too short for two
    /// samples before lift-off) counts as left out, like one LSQ2 reads as zero.
    public func figures(minimumSamples: Int = ReleaseFigures.minimumSamples) throws(SynthesisError)
        -> (all: ReleaseFigures?, perRate: [(rate: Double, figures: ReleaseFigures?)])
    {
        let readings = try readings()
        func figures(_ selected: [(rate: Double, reading: ReleaseReading?)]) -> ReleaseFigures? {
            guard
                var figures = ReleaseFigures(
                    readings: selected.compactMap(\.reading), minimumSamples: minimumSamples)
            else { return nil }
            figures.leftOut += selected.filter { $0.reading == nil }.count
            return figures
        }
        return (figures(readings), rates.map { rate in (rate, figures(readings.filter { $0.rate == rate })) })
    }
}
