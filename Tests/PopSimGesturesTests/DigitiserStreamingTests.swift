import PopSimGeometry
import PopSimGestures
import Testing

/// The streaming digitiser (``DigitisedSamples``) against the pipeline written the plain way, in
/// memory, one stage over the whole stream at a time: every raw scan sorted by (tick, finger), then
/// jitter, drops, noise and quantisation, then coalescing by display frame with knowledge of the whole
/// stream, then the stationary policy. Same script, digitiser and seed must give the same samples.
@Suite("Streaming digitiser")
struct DigitiserStreamingTests {
    /// The batch pipeline (the documentation of ``Digitiser``, stage by stage).
    static func batch(_ script: GestureScript, _ d: Digitiser, seed: UInt64) -> [TouchSample] {
        struct Raw {
            var tick: Int
            var finger: Int
            var phase: TouchPhase
            var location: Point
        }
        func firstTick(_ time: Double) -> Int { Int(((time - d.phaseOffset) * d.sampleRate - 1e-9).rounded(.up)) }
        let origin = script.fingers.map(\.downTime).min() ?? 0
        var raw: [Raw] = []
        for (index, finger) in script.fingers.enumerated() {
            let down = finger.downTime - origin
            let lift = finger.liftOffTime - origin
            let first = max(0, firstTick(down))
            let last = max(firstTick(lift), first + 1)
            for tick in first..<last {
                let t = Double(tick) / d.sampleRate + d.phaseOffset - down
                raw.append(
                    Raw(
                        tick: tick, finger: index, phase: tick == first ? .began : .moved,
                        location: finger.path.position(at: t)))
            }
            raw.append(Raw(tick: last, finger: index, phase: .ended, location: finger.path.end))
        }
        raw.sort { ($0.tick, $0.finger) < ($1.tick, $1.finger) }

        let master = Xoshiro256StarStar(seed: seed)
        var jitter = GaussianNoise(generator: master.jumped(1))
        var drops = master.jumped(2)
        var noise = GaussianNoise(generator: master.jumped(3))
        var samples: [TouchSample] = []
        var currentTick = -1
        var currentJitter = 0.0
        for r in raw {
            if r.tick != currentTick {
                currentTick = r.tick
                currentJitter =
                    r.tick > 0 && d.timestampJitter > 0
                    ? min(
                        max(jitter.next(standardDeviation: d.timestampJitter), -0.45 / d.sampleRate),
                        0.45 / d.sampleRate) : 0
            }
            if r.phase == .moved, d.dropProbability > 0, drops.nextUnitInterval() < d.dropProbability { continue }
            var p = r.location
            if d.positionNoise > 0 {
                p.x += noise.next(standardDeviation: d.positionNoise)
                p.y += noise.next(standardDeviation: d.positionNoise)
            }
            if let scale = d.scale { p = Point(x: (p.x * scale).rounded() / scale, y: (p.y * scale).rounded() / scale) }
            samples.append(
                TouchSample(
                    time: r.tick == 0 ? 0 : Double(r.tick) / d.sampleRate + currentJitter, phase: r.phase,
                    location: p, touch: script.fingers[r.finger].touch))
        }

        if case let .displayFrames(rate) = d.delivery {
            // Keep a moved sample unless the next moved sample of its touch, before any other phase of
            // that touch, falls in the same display frame.
            samples = samples.enumerated().filter { index, sample in
                guard sample.phase == .moved else { return true }
                let frame = (sample.time * rate - 1e-9).rounded(.up)
                guard let next = samples[(index + 1)...].first(where: { $0.touch == sample.touch }) else { return true }
                return !(next.phase == .moved && (next.time * rate - 1e-9).rounded(.up) == frame)
            }.map(\.element)
        }

        var last: [Int: Point] = [:]
        var delivered: [TouchSample] = []
        for var sample in samples {
            if sample.phase == .moved, last[sample.touch] == sample.location {
                guard d.stationary == .report else { continue }
                sample.phase = .stationary
            }
            last[sample.touch] = sample.phase.isTerminal ? nil : sample.location
            delivered.append(sample)
        }
        return delivered
    }

    static let scripts: [(String, GestureScript)] = {
        var scripts: [(String, GestureScript)] = []
        if let pan = try? GestureScript.pan(
            from: .zero, to: Point(x: 3, y: 300), duration: 0.4, profile: .minimumJerk, holdBeforeRelease: 0.1)
        {
            scripts.append(("pan", pan))
        }
        if let pinch = try? GestureScript.pinch(
            center: Point(x: 100, y: 100), fromDistance: 200, toDistance: 40, duration: 0.3)
        {
            scripts.append(("pinch", pinch))
        }
        if let taps = try? GestureScript.doubleTap(at: Point(x: 5, y: 5)) { scripts.append(("double tap", taps)) }
        if let swipe = try? GestureScript.swipe(from: .zero, to: Point(x: 0, y: 500), releaseVelocity: 2000) {
            scripts.append(("swipe", swipe))
        }
        if let custom = try? GestureScript.pan(
            from: .zero, to: Point(x: 40, y: 200), duration: 0.3, profile: .custom { $0 * $0 })
        {
            scripts.append(("custom profile", custom))
        }
        if let shared = sharedTouches { scripts.append(("shared touch ids", shared)) }
        return scripts
    }()

    /// Fingers listed out of time order, two of them one touch id in turn (the second lands the instant
    /// the first lifts, in the scan that sees the first one's `ended`): each touch's stationary check
    /// and coalescing follow the touch id, not the finger.
    static let sharedTouches: GestureScript? = {
        guard
            let first = try? FingerPath(start: Point(x: 10, y: 10)).appending(
                .move(to: Point(x: 10, y: 60), seconds: 0.1, profile: .linear), .hold(seconds: 0.05)),
            let second = try? FingerPath(start: Point(x: 10, y: 60)).appending(
                .hold(seconds: 0.04), .move(to: Point(x: 30, y: 60), seconds: 0.1, profile: .minimumJerk)),
            let other = try? FingerPath(start: Point(x: 90, y: 10)).appending(
                .move(to: Point(x: 90, y: 12), seconds: 0.2, profile: .easeInOut))
        else { return nil }
        return try? GestureScript(fingers: [
            GestureScript.Finger(touch: 4, downTime: first.duration, path: second),
            GestureScript.Finger(touch: 2, downTime: 0.02, path: other),
            GestureScript.Finger(touch: 4, downTime: 0, path: first),
        ])
    }()

    static let digitisers: [Digitiser] = [
        Digitiser(),
        Digitiser(sampleRate: 240, delivery: .displayFrames(rate: 60)),
        Digitiser(
            sampleRate: 240, phaseOffset: 0.001, timestampJitter: 0.002, dropProbability: 0.3, positionNoise: 0.7,
            scale: 3, delivery: .displayFrames(rate: 60), stationary: .report),
        Digitiser(
            sampleRate: 120, timestampJitter: 0.004, dropProbability: 0.9, positionNoise: 0.2,
            delivery: .displayFrames(rate: 120)),
        Digitiser(sampleRate: 60, scale: 0.5, stationary: .report),
    ]

    /// One ``DigitiserStorage`` kept across digitisations of every script with every digitiser, in
    /// turn (the stream restarted in place, its arrays of the digitisation before): each gives the
    /// samples of a digitisation on its own.
    @Test func aKeptStorageDigitisesEachScriptAsANewOne() throws {
        var storage = DigitiserStorage()
        var samples: [TouchSample] = []
        for round in 0..<2 {
            for (digitiserIndex, digitiser) in Self.digitisers.enumerated() {
                for (name, script) in Self.scripts {
                    let seed = UInt64(round * 100 + digitiserIndex)
                    try digitiser.sample(script, seed: seed, into: &samples, storage: &storage)
                    #expect(
                        samples == Self.batch(script, digitiser, seed: seed), "\(name), digitiser \(digitiserIndex)")
                }
            }
        }
    }

    /// A lone finger's scans delivered as they are made, without jitter or drops (the pipeline's
    /// digitiser), are drained tick after tick by `sample(_:seed:)`: the same samples as the stream
    /// pulled one at a time, on random releases, rates, phases, noise, scales and stationary policies.
    @Test func aLoneFingerDrainedTickAfterTickGivesTheStreamsSamples() throws {
        var random = SplitMix64(state: 2026)
        func uniform() -> Double { Double(random.next() >> 11) * 0x1p-53 }
        for trial in 0..<200 {
            let script = try GestureScript.release(
                from: Point(x: 100 * uniform(), y: 100 * uniform()),
                translation: Vector(dx: 40 * uniform() - 20, dy: 800 * uniform() - 400),
                releaseVelocity: Vector(dx: 0, dy: trial % 5 == 0 ? 0 : 4000 * uniform() - 2000),
                profile: [MotionProfile.minimumJerk, .linear, .easeInOut, .custom { $0 * $0 }][trial % 4])
            let rate = [60.0, 120, 240, 90][trial % 4]
            let digitiser = Digitiser(
                sampleRate: rate, phaseOffset: trial % 3 == 0 ? 0 : 0.99 * uniform() / rate,
                positionNoise: trial % 6 == 0 ? 0 : 2 * uniform(), scale: trial % 2 == 0 ? nil : [1, 2, 3][trial % 3],
                stationary: trial % 7 < 4 ? .omit : .report)
            let seed = random.next()
            let pulled = Array(IteratorSequence(try digitiser.samples(of: script, seed: seed)))
            #expect(try digitiser.sample(script, seed: seed).samples == pulled, "trial \(trial)")
            #expect(pulled.count > 2)
        }
    }

    @Test(arguments: 0..<digitisers.count)
    func streamingMatchesTheBatchPipeline(digitiserIndex: Int) throws {
        #expect(Self.scripts.count == 6)
        let digitiser = Self.digitisers[digitiserIndex]
        for (name, script) in Self.scripts {
            for seed: UInt64 in [0, 1, 0xDEAD_BEEF] {
                let streamed = try digitiser.sample(script, seed: seed).samples
                let reference = Self.batch(script, digitiser, seed: seed)
                #expect(streamed == reference, "\(name), digitiser \(digitiserIndex), seed \(seed)")
                #expect(!streamed.isEmpty)
            }
        }
    }
}
