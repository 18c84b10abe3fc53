import PopSimGeometry

/// Where one finger's contact point is at every instant between touch-down (time 0) and lift-off
/// (time ``duration``): a start point and a chain of segments. The continuous truth a ``Digitiser``
/// samples; positions are exact functions of time, so a path can be sampled at any rate and phase.
public struct FingerPath: Sendable {
    /// One piece of motion, starting where the previous one ended.
    public enum Segment: Sendable {
        /// The finger rests.
        case hold(seconds: Double)
        /// A straight movement to `to` that follows `profile` from start to end.
        case move(to: Point, seconds: Double, profile: MotionProfile)
        /// A straight movement to `to` that follows only the first `releaseAt` (in (0, 1]) of `profile`,
        /// rescaled to end at `to`: the finger is still moving when the segment ends, as in a flick
        /// released before its reach would have stopped (Documentation/gestures.md §2, "truncated profile").
        case flick(to: Point, seconds: Double, profile: MotionProfile, releaseAt: Double)
        /// Constant acceleration from the previous segment's final velocity, ending exactly at `to`:
        /// the finger's deceleration while it lifts off.
        case decelerate(to: Point, seconds: Double)
        /// A flick on top of the motion the finger already has: the previous segment's final velocity
        /// carries on unchanged, and the first `releaseAt` (in (0, 1]) of `profile` is added, rescaled so
        /// that the segment ends exactly at `to`. With the finger at rest it is
        /// ``flick(to:seconds:profile:releaseAt:)``.
        /// The human release's rise (``HumanRelease``, Documentation/gestures.md §8).
        case flickFromMotion(to: Point, seconds: Double, profile: MotionProfile, releaseAt: Double)
    }

    /// How a piece moves: plain data, read at every sample without reference counting. A profiled
    /// motion follows its profile's formula, or (nil) its segment's custom profile, whose closure stays
    /// in the segment.
    private enum Motion: Sendable {
        case hold
        case profiled(formula: MotionProfile.Formula?, releaseAt: Double, progressAtRelease: Double)
        /// `baseline`·u plus the profile's progress scaled to the rest of the displacement.
        case profiledOnMotion(
            baseline: Vector, formula: MotionProfile.Formula?, releaseAt: Double, progressAtRelease: Double)
        case accelerated(initialVelocity: Vector, acceleration: Vector)
    }

    /// The motion of segment `segments[i]` from `startTime`: `pieces[i]`.
    private struct Piece: Sendable {
        var startTime: Double
        var duration: Double
        var from: Point
        var to: Point
        var motion: Motion
        var finalVelocity: Vector
    }

    public private(set) var start: Point
    /// The finger's velocity at touch-down (pt/s): zero unless it lands while moving, as a fast flick's
    /// finger can. The first segment continues from it as it would from a previous segment's.
    public private(set) var initialVelocity: Vector
    public private(set) var segments: [Segment] = []
    private var pieces: [Piece] = []

    public init(start: Point, initialVelocity: Vector = .zero) throws(SynthesisError) {
        try SynthesisError.check(start, .start)
        try SynthesisError.check(start + initialVelocity, .initialVelocity)
        self.start = start
        self.initialVelocity = initialVelocity
    }

    /// Empties the path and starts it again at `start`, as ``init(start:initialVelocity:)`` does, keeping
    /// its storage: a sweep that builds one gesture per decision appends to the arrays of the one before.
    public mutating func restart(at start: Point, initialVelocity: Vector = .zero) throws(SynthesisError) {
        try SynthesisError.check(start, .start)
        try SynthesisError.check(start + initialVelocity, .initialVelocity)
        self.start = start
        self.initialVelocity = initialVelocity
        segments.removeAll(keepingCapacity: true)
        pieces.removeAll(keepingCapacity: true)
    }

    /// Time from touch-down to lift-off (s).
    public var duration: Double { pieces.last.map { $0.startTime + $0.duration } ?? 0 }

    /// Where the finger lifts off.
    public var end: Point { pieces.last?.to ?? start }

    /// The finger's velocity at lift-off (pt/s).
    public var finalVelocity: Vector { pieces.last?.finalVelocity ?? initialVelocity }

    /// Appends a segment after validating it.
    public mutating func append(_ segment: Segment) throws(SynthesisError) {
        let from = end
        let startTime = duration
        let previousVelocity = finalVelocity
        let piece: Piece
        switch segment {
        case let .hold(seconds):
            try SynthesisError.check(seconds, .seconds, nonNegative: true)
            piece = Piece(
                startTime: startTime, duration: seconds, from: from, to: from, motion: .hold, finalVelocity: .zero)
        case let .move(to, seconds, profile):
            try SynthesisError.check(to, .to)
            try SynthesisError.check(seconds, .seconds, positive: true)
            piece = Piece(
                startTime: startTime, duration: seconds, from: from, to: to,
                motion: .profiled(formula: profile.formula, releaseAt: 1, progressAtRelease: 1),
                finalVelocity: (to - from) * (profile.rate(at: 1) / seconds))
        case let .flick(to, seconds, profile, releaseAt):
            try SynthesisError.check(to, .to)
            try SynthesisError.check(seconds, .seconds, positive: true)
            let progressAtRelease = try Self.progress(of: profile, releasedAt: releaseAt)
            let speedScale = profile.rate(at: releaseAt) * releaseAt / (progressAtRelease * seconds)
            piece = Piece(
                startTime: startTime, duration: seconds, from: from, to: to,
                motion: .profiled(
                    formula: profile.formula, releaseAt: releaseAt, progressAtRelease: progressAtRelease),
                finalVelocity: (to - from) * speedScale)
        case let .flickFromMotion(to, seconds, profile, releaseAt):
            try SynthesisError.check(to, .to)
            try SynthesisError.check(seconds, .seconds, positive: true)
            let progressAtRelease = try Self.progress(of: profile, releasedAt: releaseAt)
            // x(u) = x₀ + b·u + (Δ − b·d)·p(τᵣu/d)/p(τᵣ), so x(d) = x₀ + Δ and
            // v(d) = b + (Δ − b·d)·τᵣp′(τᵣ)/(p(τᵣ)·d).
            let excess = (to - from) - previousVelocity * seconds
            piece = Piece(
                startTime: startTime, duration: seconds, from: from, to: to,
                motion: .profiledOnMotion(
                    baseline: previousVelocity, formula: profile.formula, releaseAt: releaseAt,
                    progressAtRelease: progressAtRelease),
                finalVelocity: previousVelocity
                    + excess * (profile.rate(at: releaseAt) * releaseAt / (progressAtRelease * seconds)))
        case let .decelerate(to, seconds):
            try SynthesisError.check(to, .to)
            try SynthesisError.check(seconds, .seconds, positive: true)
            // x(u) = x₀ + v₀u + ½au² with x(d) = to  ⇒  a = 2(Δ − v₀d)/d², v(d) = 2Δ/d − v₀.
            let displacement = to - from
            let acceleration = (displacement - previousVelocity * seconds) * (2 / (seconds * seconds))
            piece = Piece(
                startTime: startTime, duration: seconds, from: from, to: to,
                motion: .accelerated(initialVelocity: previousVelocity, acceleration: acceleration),
                finalVelocity: displacement * (2 / seconds) - previousVelocity)
        }
        segments.append(segment)
        pieces.append(piece)
    }

    /// p(τᵣ) of a profile released at τᵣ = `releaseAt`, which must be in (0, 1] and where the profile
    /// has moved (a flick divides by it).
    private static func progress(
        of profile: MotionProfile,
        releasedAt releaseAt: Double
    ) throws(SynthesisError) -> Double {
        guard releaseAt > 0, releaseAt <= 1 else {
            throw SynthesisError(field: .releaseAt, value: releaseAt, requirement: "it must be in (0, 1]")
        }
        let progressAtRelease = profile.progress(at: releaseAt)
        guard progressAtRelease > 0, progressAtRelease.isFinite else {
            throw SynthesisError(
                field: .releaseAt, value: releaseAt,
                requirement: "the \(profile.name) profile has not moved yet at that point; "
                    + "release later")
        }
        return progressAtRelease
    }

    /// The path with `segments` appended.
    public func appending(_ segments: Segment...) throws(SynthesisError) -> FingerPath {
        var path = self
        for segment in segments { try path.append(segment) }
        return path
    }

    /// The contact point at `time` (clamped to [0, duration]); a segment's end point is returned exactly.
    @inline(__always)
    public func position(at time: Double) -> Point {
        guard !pieces.isEmpty else { return start }
        let index = pieceIndex(at: time)
        let piece = pieces[index]
        let u = time - piece.startTime
        if u >= piece.duration { return piece.to }
        if u <= 0 { return piece.from }
        switch piece.motion {
        case .hold:
            return piece.from
        case let .profiled(formula, releaseAt, progressAtRelease):
            let fraction = progress(formula, ofPiece: index, at: u / piece.duration * releaseAt) / progressAtRelease
            return piece.from + (piece.to - piece.from) * fraction
        case let .profiledOnMotion(baseline, formula, releaseAt, progressAtRelease):
            let excess = (piece.to - piece.from) - baseline * piece.duration
            let fraction = progress(formula, ofPiece: index, at: u / piece.duration * releaseAt) / progressAtRelease
            return piece.from + baseline * u + excess * fraction
        case let .accelerated(initialVelocity, acceleration):
            return piece.from + initialVelocity * u + acceleration * (0.5 * u * u)
        }
    }

    /// The contact point's velocity at `time` (pt/s; one-sided at segment boundaries: the later segment).
    public func velocity(at time: Double) -> Vector {
        guard !pieces.isEmpty else { return initialVelocity }
        let index = pieceIndex(at: time)
        let piece = pieces[index]
        let u = min(max(time - piece.startTime, 0), piece.duration)
        switch piece.motion {
        case .hold:
            return .zero
        case let .profiled(_, releaseAt, progressAtRelease):
            let rate =
                profile(of: index).rate(at: u / piece.duration * releaseAt) * releaseAt
                / (progressAtRelease * piece.duration)
            return (piece.to - piece.from) * rate
        case let .profiledOnMotion(baseline, _, releaseAt, progressAtRelease):
            let excess = (piece.to - piece.from) - baseline * piece.duration
            let rate =
                profile(of: index).rate(at: u / piece.duration * releaseAt) * releaseAt
                / (progressAtRelease * piece.duration)
            return baseline + excess * rate
        case let .accelerated(initialVelocity, acceleration):
            return initialVelocity + acceleration * u
        }
    }

    /// The progress at τ of profiled piece `index`: its profile's `formula`, or its segment's custom
    /// profile.
    @inline(__always)
    private func progress(_ formula: MotionProfile.Formula?, ofPiece index: Int, at tau: Double) -> Double {
        if let formula { return formula.progress(at: tau) }
        return profile(of: index).progress(at: tau)
    }

    /// The profile of profiled piece `index`, kept in its segment.
    private func profile(of index: Int) -> MotionProfile {
        switch segments[index] {
        case let .move(_, _, profile), let .flick(_, _, profile, _), let .flickFromMotion(_, _, profile, _): profile
        case .hold, .decelerate: .linear
        }
    }

    /// The last piece starting at or before `time` (binary search; pieces are few), of a path with
    /// pieces.
    @inline(__always)
    private func pieceIndex(at time: Double) -> Int {
        var low = 0
        var high = pieces.count - 1
        while low < high {
            let middle = (low &+ high &+ 1) >> 1
            if pieces[middle].startTime <= time { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
