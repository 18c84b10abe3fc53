import PopSimGeometry
import PopSimTextIO

/// What the fingers do, in continuous time: for each finger its touch id, when it touches down and the
/// path its contact point follows until it lifts. A ``Digitiser`` turns a script into a ``TouchStream``.
///
/// Scripts are values; the generators (``tap(at:dwell:roll:touch:)``,
/// ``pan(from:to:duration:profile:holdBeforeRelease:touch:)``,
/// ``swipe(from:to:releaseVelocity:duration:profile:liftOff:touch:)``,
/// ``pinch(center:fromDistance:toDistance:angle:duration:profile:touches:)``…) build the common ones.
public struct GestureScript: Sendable {
    /// One contact: a finger touching down at `downTime` (s) and following `path` until it lifts.
    public struct Finger: Sendable {
        public var touch: Int
        public var downTime: Double
        public var path: FingerPath

        public init(touch: Int, downTime: Double, path: FingerPath) {
            self.touch = touch
            self.downTime = downTime
            self.path = path
        }

        public var liftOffTime: Double { downTime + path.duration }
    }

    public private(set) var fingers: [Finger]

    /// Validates that there is at least one finger, that down times are finite and ≥ 0, and that two
    /// contacts with the same touch id do not overlap in time (one finger cannot touch twice at once).
    public init(fingers: [Finger]) throws(SynthesisError) {
        guard !fingers.isEmpty else {
            throw SynthesisError(field: .fingers, value: nil, requirement: "a gesture needs at least one finger")
        }
        for finger in fingers {
            try SynthesisError.check(finger.downTime, .downTime, nonNegative: true)
        }
        var byTouch: [Int: [Finger]] = [:]
        for finger in fingers { byTouch[finger.touch, default: []].append(finger) }
        for (touch, contacts) in byTouch {
            let sorted = contacts.sorted { $0.downTime < $1.downTime }
            for (earlier, later) in zip(sorted, sorted.dropFirst()) where later.downTime < earlier.liftOffTime {
                throw SynthesisError(
                    field: .downTime, value: later.downTime,
                    requirement:
                        "touch \(touch) is still down until \(NumberFormat.readable.format(earlier.liftOffTime)) s; "
                        + "a finger cannot touch down again before it lifts"
                )
            }
        }
        self.fingers = fingers
    }

    /// One finger following `path` from time 0.
    public init(path: FingerPath, touch: Int = 0) {
        fingers = [Finger(touch: touch, downTime: 0, path: path)]
    }

    /// From the first touch-down to the last lift-off (s).
    public var duration: Double {
        guard let first = fingers.first else { return 0 }
        var start = first.downTime
        var end = first.liftOffTime
        for finger in fingers.dropFirst() {
            if finger.downTime < start { start = finger.downTime }
            if finger.liftOffTime > end { end = finger.liftOffTime }
        }
        return end - start
    }

    /// Digitises the script (``Digitiser/sample(_:seed:)``).
    public func touchStream(digitiser: Digitiser = Digitiser(), seed: UInt64 = 0) throws(SynthesisError) -> TouchStream
    {
        try digitiser.sample(self, seed: seed)
    }
}

extension GestureScript {
    /// A finger following straight segments and holds from `start` (``FingerPath/Segment``): the
    /// general multi-segment path.
    public static func path(from start: Point, _ segments: [FingerPath.Segment], touch: Int = 0) throws(SynthesisError)
        -> GestureScript
    {
        var script: GestureScript?
        try path(into: &script, from: start, touch: touch) { (path: inout FingerPath) throws(SynthesisError) in
            for segment in segments { try path.append(segment) }
        }
        return script!
    }

    /// A one-finger script whose path starts at `start` with the segments `build` appends, built in the
    /// storage of `script` (one finger, from an earlier call) when there is one, else a new script: a
    /// pipeline that synthesises one gesture per decision then allocates nothing. Throws as
    /// ``path(from:_:touch:)`` does; `script` is left unusable when it throws.
    static func path(
        into script: inout GestureScript?, from start: Point, touch: Int,
        _ build: (inout FingerPath) throws(SynthesisError) -> Void
    ) throws(SynthesisError) {
        if script?.fingers.count == 1 {
            script!.fingers[0].touch = touch
            script!.fingers[0].downTime = 0
            try script!.fingers[0].path.restart(at: start)
            try build(&script!.fingers[0].path)
        } else {
            var path = try FingerPath(start: start)
            try build(&path)
            script = GestureScript(path: path, touch: touch)
        }
        guard script!.fingers[0].path.duration > 0 else {
            throw SynthesisError(field: .segments, value: nil, requirement: "the path must last longer than 0 s")
        }
    }
}
