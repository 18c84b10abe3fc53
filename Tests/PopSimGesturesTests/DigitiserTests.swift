import Foundation
import PopSimGeometry
import PopSimGestures
import Testing

@Suite struct RandomTests {
    /// The reference outputs of xoshiro256** from state (1, 2, 3, 4), as published with the reference C
    /// code and checked by rand_xoshiro (Rust): an independent check of the transcription.
    @Test func xoshiroReferenceVector() {
        var generator = Xoshiro256StarStar(state: (1, 2, 3, 4))
        let expected: [UInt64] = [
            11520, 0, 1_509_978_240, 1_215_971_899_390_074_240, 1_216_172_134_540_287_360,
            607_988_272_756_665_600, 16_172_922_978_634_559_625, 8_476_171_486_693_032_832,
            10_595_114_339_597_558_777, 2_904_607_092_377_533_576,
        ]
        #expect((0..<10).map { _ in generator.next() } == expected)
    }

    /// SplitMix64 from state 0: the published first outputs of Vigna's splitmix64.c.
    @Test func splitMixReferenceVector() {
        var generator = SplitMix64(state: 0)
        #expect(
            (0..<4).map { _ in generator.next() } == [
                0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F, 0xF88B_B8A8_724C_81EC,
            ])
    }

    /// jump() is linear over GF(2): jumping the xor of two states gives the xor of the jumped states.
    /// A transcription error in the polynomial or the loop would break this only by chance (2⁻²⁵⁶).
    @Test func jumpIsLinear() {
        let a = Xoshiro256StarStar(state: (1, 2, 3, 4))
        let b = Xoshiro256StarStar(state: (0xDEAD, 0xBEEF, 5, 0xFFFF_FFFF_0000_0001))
        let sum = Xoshiro256StarStar(
            state: (a.state.0 ^ b.state.0, a.state.1 ^ b.state.1, a.state.2 ^ b.state.2, a.state.3 ^ b.state.3))
        let (ja, jb, js) = (a.jumped(1).state, b.jumped(1).state, sum.jumped(1).state)
        #expect(js == (ja.0 ^ jb.0, ja.1 ^ jb.1, ja.2 ^ jb.2, ja.3 ^ jb.3))
        #expect(a.jumped(0) == a)
        #expect(a.jumped(1) != a)
    }

    @Test func unitIntervalStaysInside() {
        var generator = Xoshiro256StarStar(seed: 7)
        for _ in 0..<10_000 {
            let u = generator.nextUnitInterval()
            #expect(u >= 0 && u < 1)
        }
    }

    /// A pair is the two deviates two calls of `next()` give, whether or not a deviate is held back from
    /// the last pair (after an odd number of draws the pair straddles two of the polar method's pairs).
    @Test func aPairIsTwoDeviatesInARow() {
        for seed: UInt64 in [0, 1, 42, 0xDEAD_BEEF] {
            var pairs = GaussianNoise(seed: seed)
            var singles = GaussianNoise(seed: seed)
            for draw in 0..<1000 {
                if draw % 7 == 3 {
                    #expect(pairs.next() == singles.next())
                    continue
                }
                let pair = pairs.nextPair()
                let first = singles.next()
                #expect(pair.first == first && pair.second == singles.next(), "seed \(seed), draw \(draw)")
            }
            #expect(pairs.generator == singles.generator)
        }
    }

    /// Marsaglia's polar method gives N(0, 1): over 200 000 draws the mean is within 5 standard errors
    /// (5/√n ≈ 0.011) of 0, the variance within 5·√(2/n) ≈ 0.016 of 1, and 95.45 % ± 0.25 % fall within 2σ.
    @Test func gaussianMoments() {
        var noise = GaussianNoise(seed: 42)
        let n = 200_000
        var sum = 0.0
        var sumOfSquares = 0.0
        var within2 = 0
        for _ in 0..<n {
            let z = noise.next()
            sum += z
            sumOfSquares += z * z
            if abs(z) < 2 { within2 += 1 }
        }
        let mean = sum / Double(n)
        #expect(abs(mean) < 0.011)
        #expect(abs(sumOfSquares / Double(n) - mean * mean - 1) < 0.016)
        #expect(abs(Double(within2) / Double(n) - 0.9545) < 0.0025)
    }
}

@Suite struct DeterministicMathTests {
    /// Against glibc's libm (an independent implementation): within 2 ulp.
    @Test func logAgreesWithLibm() {
        var generator = Xoshiro256StarStar(seed: 3)
        for _ in 0..<20_000 {
            let x = generator.nextUnitInterval() * 4 + 1e-9
            #expect(abs(DeterministicMath.log(x) - Foundation.log(x)) <= 2 * Foundation.log(x).ulp.magnitude + 1e-300)
        }
        #expect(DeterministicMath.log(1) == 0)
        #expect(DeterministicMath.log(0) == -.infinity)
        #expect(DeterministicMath.log(-1).isNaN)
        #expect(abs(DeterministicMath.log(1e-300) - Foundation.log(1e-300)) < 1e-12)
    }

    /// The deterministic e^x against libm over the range a fit uses (libm agrees to about 1 ulp).
    @Test func deterministicExpMatchesLibm() {
        var worst = 0.0
        var x = -700.0
        while x < 700 {
            let ours = DeterministicMath.exp(x)
            let reference = Foundation.exp(x)
            worst = max(worst, abs(ours - reference) / reference)
            x += 0.7316
        }
        #expect(worst < 4 * Double.ulpOfOne)
        #expect(DeterministicMath.exp(0) == 1)
        #expect(DeterministicMath.exp(800) == .infinity)
        #expect(DeterministicMath.exp(-800) == 0)
        #expect(DeterministicMath.exp(.nan).isNaN)
    }

    @Test func sineAndCosineAgreeWithLibm() {
        for i in -2000...2000 {
            let x = Double(i) * 0.0123
            #expect(abs(DeterministicMath.sin(x) - Foundation.sin(x)) < 4e-16)
            #expect(abs(DeterministicMath.cos(x) - Foundation.cos(x)) < 4e-16)
        }
        #expect(DeterministicMath.sin(0) == 0)
        #expect(DeterministicMath.cos(0) == 1)
    }
}

@Suite struct DeterminismTests {
    static let noisy = Digitiser(
        sampleRate: 120, phaseOffset: 0.003, timestampJitter: 0.0005, dropProbability: 0.1,
        positionNoise: 0.7, scale: 3)

    static func csv(seed: UInt64) throws -> String {
        try GestureScript.swipe(from: Point(x: 10, y: 10), to: Point(x: 300, y: 600), releaseVelocity: 1800)
            .touchStream(digitiser: noisy, seed: seed).csv
    }

    /// Same seed, same bytes; another seed, other bytes.
    @Test func sameSeedSameBytes() throws {
        #expect(try Self.csv(seed: 9) == Self.csv(seed: 9))
        #expect(try Self.csv(seed: 9) != Self.csv(seed: 10))
    }

    /// Synthesis shares no state: eight concurrent runs give the same bytes as a sequential one.
    @Test func concurrentRunsAgree() async throws {
        let reference = try Self.csv(seed: 5)
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try Self.csv(seed: 5) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == reference })
    }

    /// Each random feature has its own sub-stream: turning jitter on does not change the noise.
    @Test func featuresDrawIndependently() throws {
        let script = try GestureScript.pan(from: .zero, to: Point(x: 200, y: 0), duration: 0.2, profile: .linear)
        let noiseOnly = try script.touchStream(digitiser: Digitiser(positionNoise: 1), seed: 1)
        let noiseAndJitter = try script.touchStream(
            digitiser: Digitiser(timestampJitter: 0.001, positionNoise: 1), seed: 1)
        #expect(noiseOnly.map(\.location) == noiseAndJitter.map(\.location))
        #expect(noiseOnly.map(\.time) != noiseAndJitter.map(\.time))
    }
}

@Suite struct DigitiserFeatureTests {
    static func drag() throws -> GestureScript {
        try GestureScript.pan(from: .zero, to: Point(x: 500, y: 0), duration: 2, profile: .linear)
    }

    /// Timestamps move by at most 0.45 of a period, so spacing stays within (0.1, 1.9) periods and order is kept;
    /// tick 0 stays at 0.
    @Test func jitterKeepsOrder() throws {
        let stream = try Self.drag().touchStream(digitiser: Digitiser(sampleRate: 240, timestampJitter: 0.01), seed: 3)
        #expect(stream.first?.time == 0)
        let period = 1 / 240.0
        for (a, b) in zip(stream, stream.dropFirst()) {
            #expect(b.time - a.time > 0.1 * period - 1e-12 && b.time - a.time < 1.9 * period + 1e-12)
        }
        try stream.validate()
    }

    /// Without jitter the spacing is exactly i/rate − (i−1)/rate.
    @Test func noJitterMeansExactTicks() throws {
        let stream = try Self.drag().touchStream(digitiser: Digitiser(sampleRate: 60))
        for (index, sample) in stream.enumerated() { #expect(sample.time == Double(index) / 60) }
    }

    /// The phase offset shifts where the scans fall on the finger's motion, not the clock.
    @Test func phaseOffsetSamplesLater() throws {
        let stream = try Self.drag().touchStream(digitiser: Digitiser(sampleRate: 100, phaseOffset: 0.004))
        #expect(stream[0].time == 0)
        #expect(abs(stream[0].location.x - 500 * 0.004 / 2) < 1e-12)  // 250 pt/s · 4 ms
        #expect(abs(stream[1].location.x - 500 * 0.014 / 2) < 1e-12)
    }

    /// Drops remove moved samples only; with p = 0.3 over ~480 candidates the kept fraction is within
    /// 5 binomial standard deviations (5·√(0.21/480) ≈ 0.105) of 0.7.
    @Test func dropsAreBernoulli() throws {
        let full = try Self.drag().touchStream(digitiser: Digitiser(sampleRate: 240))
        let thinned = try Self.drag().touchStream(digitiser: Digitiser(sampleRate: 240, dropProbability: 0.3), seed: 11)
        let moved = { (s: TouchStream) in s.filter { $0.phase == .moved }.count }
        let kept = Double(moved(thinned)) / Double(moved(full))
        #expect(abs(kept - 0.7) < 0.105)
        #expect(thinned.first?.phase == .began && thinned.last?.phase == .ended)
    }

    /// Position noise has the requested standard deviation (within 10 % over ~2000 samples of x and y).
    @Test func noiseHasTheRequestedSigma() throws {
        let script = try GestureScript.path(from: Point(x: 50, y: 50), [.hold(seconds: 4)])
        let stream = try script.touchStream(digitiser: Digitiser(sampleRate: 240, positionNoise: 0.8), seed: 2)
        let deviations = stream.flatMap { [$0.location.x - 50, $0.location.y - 50] }
        let variance = deviations.reduce(0) { $0 + $1 * $1 } / Double(deviations.count)
        #expect(deviations.count > 1900)
        #expect(abs(variance.squareRoot() - 0.8) < 0.08)
    }

    /// Quantisation puts every coordinate on the 1/scale grid.
    @Test(arguments: [2.0, 3.0])
    func quantisation(scale: Double) throws {
        let stream = try Self.drag().touchStream(digitiser: Digitiser(positionNoise: 0.3, scale: scale), seed: 4)
        for sample in stream {
            #expect((sample.location.x * scale).rounded() == sample.location.x * scale)
            #expect((sample.location.y * scale).rounded() == sample.location.y * scale)
        }
    }

    /// UIKit-style delivery: a 240 Hz scan shown at 60 Hz delivers one moved sample per frame, the latest.
    @Test func displayFramesCoalesce() throws {
        let every = try Self.drag().touchStream(digitiser: Digitiser(sampleRate: 240))
        let framed = try Self.drag().touchStream(
            digitiser: Digitiser(sampleRate: 240, delivery: .displayFrames(rate: 60)))
        let moved = framed.filter { $0.phase == .moved }
        let frames = moved.map { ($0.time * 60 - 1e-9).rounded(.up) }
        #expect(Set(frames).count == frames.count)
        #expect(moved.count == 120)  // 2 s at 60 Hz
        #expect(moved.allSatisfy { sample in every.contains(sample) })
        // The scan on each frame boundary, except in the last frame, where the finger lifts first.
        #expect(moved.dropLast().allSatisfy { abs(($0.time * 60).rounded() - $0.time * 60) < 1e-9 })
    }

    /// Pinch: both fingers are scanned together, touch 0 before touch 1 at each tick.
    @Test func multiTouchInterleavesByScan() throws {
        let stream = try GestureScript.pinch(center: .zero, fromDistance: 100, toDistance: 200, duration: 0.1)
            .touchStream(digitiser: Digitiser(sampleRate: 120))
        #expect(stream.map(\.touch) == Array([[0, 1]].joined()) + Array(repeating: [0, 1], count: 12).joined())
        try stream.validate()
    }

    /// Device presets are what their documentation says.
    @Test func presets() {
        #expect(DevicePreset.iPhone.digitiser.sampleRate == 60)
        #expect(DevicePreset.iPhoneProMotion.digitiser.delivery == .displayFrames(rate: 120))
        #expect(
            DevicePreset.iPad.digitiser.sampleRate == 120
                && DevicePreset.iPad.digitiser.delivery == .displayFrames(rate: 60))
        #expect(DevicePreset.iPadPencil.digitiser.sampleRate == 240)
        #expect(DevicePreset.iPhoneProMotion.digitiser.scale == 3)
    }

    @Test func invalidDigitisersAreRejected() throws {
        let tap = try GestureScript.tap(at: .zero)
        for digitiser in [
            Digitiser(sampleRate: 0), Digitiser(sampleRate: 60, phaseOffset: 1.0 / 60), Digitiser(dropProbability: 1),
            Digitiser(positionNoise: -1), Digitiser(scale: 0), Digitiser(sampleRate: .infinity),
            Digitiser(delivery: .displayFrames(rate: -60)),
        ] {
            #expect(throws: SynthesisError.self) { try tap.touchStream(digitiser: digitiser) }
        }
    }
}
