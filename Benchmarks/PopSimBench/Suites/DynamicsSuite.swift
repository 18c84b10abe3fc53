import CPopSimBenchNative
import CPopSimBenchReference
import FrameBench
import PopSimBenchNative
import PopSimDynamics
import PopSimGeometry

/// Micro benchmarks of the Dynamics module: one operation of each hot path, with C references for the
/// closed form, the propagator and the GSL path. Frame loops and capacities are in
/// DynamicsFrameLoops.swift.
enum DynamicsSuite: BenchmarkSuite {
    static func benchmarks() -> [Benchmark] {
        closedForm() + propagator() + gsl() + twoDimensional() + rubberBandsAndDecay() + parameters() + fitting()
    }

    /// Swift against its C reference built the same way (judged on the ratio's 95 % interval), and the
    /// hot paths that must not allocate.
    static func targets() -> [Target] {
        var targets: [Target] = [
            Target(
                "closed-form spring vs its C kernel", .referenceRatio(benchmark: closedFormUnderdamped, atMost: 1.5)),
            Target("propagator step vs its C kernel", .referenceRatio(benchmark: propagatorSingle, atMost: 1.5)),
            Target(
                "propagator batch of 1 000 vs its C kernel",
                .referenceRatio(benchmark: propagatorBatchSmall, atMost: 1.5)),
            Target(
                "propagator batch of 1 000 000 vs its C kernel",
                .referenceRatio(benchmark: propagatorBatchLarge, atMost: 1.5)),
            Target(
                "propagator batch of 1 000, both built for this CPU",
                .referenceRatio(benchmark: propagatorBatchNative, atMost: 1.5)),
        ]
        for stepper in ODEStepper.allCases {
            targets.append(
                Target(
                    "GSL wrapper vs raw C loop, \(stepper.rawValue)",
                    .referenceRatio(benchmark: gslStep(stepper), atMost: 1.15)))
        }
        targets += [
            Target(
                "zero allocations: propagator frame step",
                .allocationsPerOperation(benchmark: propagatorSingle, atMost: 0)),
            Target(
                "zero allocations: SpringBatch.advance",
                .allocationsPerOperation(benchmark: springBatchAdvance, atMost: 0)),
            Target(
                "zero allocations: GSL frame step (rkf45)",
                .allocationsPerOperation(benchmark: gslStep(.rkf45), atMost: 0)),
        ]
        return targets
    }

    // Identifiers the targets refer to.
    static let closedFormGroup = "Spring closed form"
    static let propagatorGroup = "Spring propagator"
    static let gslGroup = "GSL spring"
    static let closedFormUnderdamped = closedFormState("underdamped (SwiftUI .spring())")
    static func closedFormState(_ regime: String) -> BenchmarkHandle {
        BenchmarkHandle(group: closedFormGroup, name: "state at t, \(regime)")
    }
    static let propagatorSingle = BenchmarkHandle(group: propagatorGroup, name: "frame step, one spring")
    static let propagatorBatchSmall = BenchmarkHandle(
        group: propagatorGroup, name: "frame step, batch of 1 000 (per spring)")
    static let propagatorBatchLarge = BenchmarkHandle(
        group: propagatorGroup, name: "frame step, batch of 1 000 000 (per spring)")
    static let propagatorBatchNative = BenchmarkHandle(
        group: propagatorGroup, name: "frame step, batch of 1 000 (per spring), both built for this CPU")
    static let springBatchAdvance = BenchmarkHandle(
        group: propagatorGroup, name: "SpringBatch.advance, 1 000 springs (per spring)")
    static func gslStep(_ stepper: ODEStepper) -> BenchmarkHandle {
        BenchmarkHandle(group: gslGroup, name: "frame step 1/120 s, \(stepper.rawValue)")
    }

    static let h = BenchSprings.frameInterval
    static let episode = BenchSprings.episode
    static let x0 = BenchSprings.displacement
    static let v0 = BenchSprings.velocity

    // MARK: Closed form

    static func closedForm() -> [Benchmark] {
        let regimes: [(String, Spring)] = [
            ("underdamped (SwiftUI .spring())", BenchSprings.underdamped),
            ("ζ = 1 (SwiftUI .smooth)", BenchSprings.critical),
            ("overdamped (ζ = 2)", BenchSprings.overdamped),
        ]
        var result = regimes.map { label, spring in
            Benchmark(
                closedFormState(label), operation: "sample",
                reference: Reference(name: CReferences.name, isYardstick: true) {
                    try CReferences.checkClosedForm(spring)
                    var k = CReferences.coefficients(spring)
                    var phase: Int64 = 0
                    return { n in
                        blackHole(cbench_closed_form_samples(&k, x0, v0, h, Int64(n), Int64(episode), &phase))
                    }
                }
            ) {
                let simulation = try SpringSimulation(spring: opaque(spring), start: x0, end: 0, initialVelocity: v0)
                let h = opaque(h)
                var phase = 0
                return { n in
                    var sum = 0.0
                    var p = phase
                    for _ in 0..<n {
                        let s = simulation.state(at: Double(p) * h)
                        sum += s.displacement + s.velocity
                        p += 1
                        if p == episode { p = 0 }
                    }
                    phase = p
                    blackHole(sum)
                }
            }
        }
        result.append(
            Benchmark(group: closedFormGroup, name: "SpringAnimation.position(at:)", operation: "sample") {
                let animation = SpringAnimation(spring: opaque(BenchSprings.underdamped), from: x0, to: 0, velocity: v0)
                let h = opaque(h)
                var phase = 0
                return { n in
                    var sum = 0.0
                    var p = phase
                    for _ in 0..<n {
                        sum += animation.position(at: Double(p) * h)
                        p += 1
                        if p == episode { p = 0 }
                    }
                    phase = p
                    blackHole(sum)
                }
            })
        return result
    }

    // MARK: Propagator

    static func propagator() -> [Benchmark] {
        var result = [
            Benchmark(
                propagatorSingle, operation: "step",
                reference: Reference(name: CReferences.name, isYardstick: true) {
                    let propagator = try SpringPropagator(spring: BenchSprings.underdamped, interval: h)
                    try CReferences.checkPropagator(propagator)
                    let phi = CReferences.transition(propagator)
                    let matrix = OwnedBuffer(count: 4) { phi[$0] }
                    var x = x0
                    var v = v0
                    var phase: Int64 = 0
                    return { n in
                        cbench_propagator_steps(matrix.base, x0, v0, Int64(n), Int64(episode), &phase, &x, &v)
                        blackHole(x)
                    }
                }
            ) {
                let propagator = try SpringPropagator(spring: opaque(BenchSprings.underdamped), interval: opaque(h))
                let initial = opaque(BenchSprings.initial)
                var state = initial
                var phase = 0
                return { n in
                    var s = state
                    var p = phase
                    for _ in 0..<n {
                        if p == episode {
                            s = initial
                            p = 0
                        }
                        propagator.advance(&s)
                        p += 1
                    }
                    state = s
                    phase = p
                    blackHole(s)
                }
            }
        ]
        for (count, handle) in [(1_000, propagatorBatchSmall), (1_000_000, propagatorBatchLarge)] {
            result.append(batchBenchmark(count: count, handle, builtForThisCPU: false))
        }
        result.append(batchBenchmark(count: 1_000, propagatorBatchNative, builtForThisCPU: true))
        result.append(
            Benchmark(
                springBatchAdvance, operation: "spring-frame", operationsPerIteration: 1_000
            ) {
                let count = 1_000
                let (x0s, v0s) = batchStart(count)
                var batch = try SpringBatch(
                    propagator: SpringPropagator(spring: opaque(BenchSprings.underdamped), interval: opaque(h)),
                    positions: Array(x0s.buffer), velocities: Array(v0s.buffer),
                    targets: [Double](repeating: 0, count: count))
                var phase = 0
                var episodes = 0
                return { n in
                    for _ in 0..<n {
                        if phase == episode {
                            // A new animation for every spring: move the target (SwiftUI retargeting).
                            episodes += 1
                            let target = episodes % 2 == 1 ? x0 : 0
                            for i in 0..<count { batch.retarget(i, to: target) }
                            phase = 0
                        }
                        batch.advance()
                        phase += 1
                    }
                    blackHole(batch.position(0))
                }
            })
        return result
    }

    /// A propagator batch frame against the C kernel, both built for the portable baseline instruction
    /// set (`BatchFrames.frames` inlined here; CPopSimBenchReference), or both for this CPU
    /// (`BatchFrames.framesBuiltForThisCPU`, `-target-cpu native`; CPopSimBenchNative, -march=native).
    static func batchBenchmark(count: Int, _ handle: BenchmarkHandle, builtForThisCPU: Bool) -> Benchmark {
        let referenceName = builtForThisCPU ? CReferences.nativeName : CReferences.name
        return Benchmark(
            handle, operation: "spring-frame", operationsPerIteration: count,
            reference: Reference(name: referenceName, operationsPerIteration: count, isYardstick: true) {
                let propagator = try SpringPropagator(spring: BenchSprings.underdamped, interval: h)
                let phi = CReferences.transition(propagator)
                let matrix = OwnedBuffer(count: 4) { phi[$0] }
                let (x0s, v0s) = batchStart(count)
                let xs = OwnedBuffer(copying: x0s)
                let vs = OwnedBuffer(copying: v0s)
                try checkBatch(propagator, matrix, x0s, v0s, builtForThisCPU: builtForThisCPU)
                var phase: Int64 = 0
                let kernel = builtForThisCPU ? cbench_native_propagator_batch_frames : cbench_propagator_batch_frames
                return { n in
                    kernel(
                        matrix.base, xs.base, vs.base, x0s.base, v0s.base, Int64(count), Int64(n), Int64(episode),
                        &phase)
                    blackHole(xs.base[0])
                }
            }
        ) {
            let propagator = try SpringPropagator(spring: opaque(BenchSprings.underdamped), interval: opaque(h))
            let (x0s, v0s) = batchStart(count)
            let xs = OwnedBuffer(copying: x0s)
            let vs = OwnedBuffer(copying: v0s)
            var phase = 0
            if builtForThisCPU {
                return { n in
                    BatchFrames.framesBuiltForThisCPU(
                        propagator, xs: xs.buffer, vs: vs.buffer, x0s: UnsafeBufferPointer(x0s.buffer),
                        v0s: UnsafeBufferPointer(v0s.buffer), count: n, episode: episode, phase: &phase)
                    blackHole(xs.base[0])
                }
            }
            return { n in
                BatchFrames.frames(
                    propagator, xs: xs.buffer, vs: vs.buffer, x0s: UnsafeBufferPointer(x0s.buffer),
                    v0s: UnsafeBufferPointer(v0s.buffer), count: n, episode: episode, phase: &phase)
                blackHole(xs.base[0])
            }
        }
    }

    /// Varied start states of a batch (phases of one release), so no lane of the vector loop is special.
    static func batchStart(_ count: Int) -> (OwnedBuffer, OwnedBuffer) {
        let spring = BenchSprings.underdamped
        let states = (0..<episode).map { spring.state(after: Double($0) * h, from: BenchSprings.initial) }
        return (
            OwnedBuffer(count: count) { states[$0 % episode].displacement },
            OwnedBuffer(count: count) { states[$0 % episode].velocity }
        )
    }

    /// 450 batch frames (a reset included) of 1 000 springs in Swift and in C, built the same way, must
    /// agree bit for bit.
    static func checkBatch(
        _ propagator: SpringPropagator, _ matrix: OwnedBuffer, _ x0s: OwnedBuffer, _ v0s: OwnedBuffer,
        builtForThisCPU: Bool
    ) throws {
        let count = min(x0s.count, 1_000)
        let (sx, sv) = batchStart(count)
        let (cx, cv) = batchStart(count)
        let (sx0, sv0) = batchStart(count)
        var phase = 0
        let swift =
            builtForThisCPU
            ? BatchFrames.framesBuiltForThisCPU
            : { BatchFrames.frames($0, xs: $1, vs: $2, x0s: $3, v0s: $4, count: $5, episode: $6, phase: &$7) }
        swift(
            propagator, sx.buffer, sv.buffer, UnsafeBufferPointer(sx0.buffer), UnsafeBufferPointer(sv0.buffer), 450,
            episode, &phase)
        var cPhase: Int64 = 0
        let kernel = builtForThisCPU ? cbench_native_propagator_batch_frames : cbench_propagator_batch_frames
        kernel(matrix.base, cx.base, cv.base, sx0.base, sv0.base, Int64(count), 450, Int64(episode), &cPhase)
        for i in 0..<count where sx.base[i] != cx.base[i] || sv.base[i] != cv.base[i] {
            throw ReferenceMismatch(
                what: "batch state of spring \(i) after 450 frames", swift: [sx.base[i], sv.base[i]],
                c: [cx.base[i], cv.base[i]])
        }
    }

    // MARK: GSL

    static func gsl() -> [Benchmark] {
        ODEStepper.allCases.map { stepper in gslBenchmark(stepper, axes: 1, gslStep(stepper)) }
    }

    /// One frame (1/120 s) of a spring through ODEIntegrator.advance(to:) against a C loop over
    /// gsl_odeiv2_driver_apply with a C right-hand side; both restart every `episode` frames.
    static func gslBenchmark(_ stepper: ODEStepper, axes: Int, _ handle: BenchmarkHandle) -> Benchmark {
        let initial = [Double]((0..<axes).flatMap { axis in [x0 / Double(axis + 1), v0 / Double(axis + 1)] })
        return Benchmark(
            handle, operation: "frame step",
            reference: Reference(name: "C loop, gsl_odeiv2_driver_apply", isYardstick: true) {
                let system = try SpringODESystem(spring: BenchSprings.underdamped, axes: axes)
                try checkGSL(stepper, system, initial)
                let reference = try CGSLSpring(stepper: stepper, system: system, initialState: initial)
                return { n in
                    try reference.frames(n, interval: h, episode: episode)
                    blackHole(reference.pointer)
                }
            }
        ) {
            let system = try SpringODESystem(spring: opaque(BenchSprings.underdamped), axes: axes)
            let integrator = try ODEIntegrator(
                system: system, stepper: stepper, initialState: initial,
                tolerance: BenchSprings.tolerance, limits: BenchSprings.limits)
            let h = opaque(h)
            var phase = 0
            return { n in
                for _ in 0..<n {
                    if phase == episode {
                        try integrator.reset(time: 0, state: initial)
                        phase = 0
                    }
                    phase += 1
                    try integrator.advance(to: Double(phase) * h)
                }
                blackHole(integrator[0])
            }
        }
    }

    /// 25 frames restarting every 10 (two restarts) in Swift and in C must end at the same time and
    /// state, bit for bit. (Short, because rk1imp needs milliseconds per frame at these tolerances.)
    static func checkGSL(_ stepper: ODEStepper, _ system: SpringODESystem, _ initial: [Double]) throws {
        let frames = 25
        let restartEvery = 10
        let integrator = try ODEIntegrator(
            system: system, stepper: stepper, initialState: initial,
            tolerance: BenchSprings.tolerance, limits: BenchSprings.limits)
        var phase = 0
        for _ in 0..<frames {
            if phase == restartEvery {
                try integrator.reset(time: 0, state: initial)
                phase = 0
            }
            phase += 1
            try integrator.advance(to: Double(phase) * h)
        }
        let reference = try CGSLSpring(stepper: stepper, system: system, initialState: initial)
        try reference.frames(frames, interval: h, episode: restartEvery)
        let swift = [integrator.time] + integrator.currentState
        let c = [cbench_gsl_spring_time(reference.pointer)] + reference.state
        guard swift == c else {
            throw ReferenceMismatch(
                what: "\(stepper.rawValue) time and state after \(frames) frames", swift: swift, c: c)
        }
    }

    // MARK: 2-D

    static func twoDimensional() -> [Benchmark] {
        let group = "2-D spring"
        return [
            Benchmark(group: group, name: "SpringAnimation2D position and velocity at t", operation: "sample") {
                let animation = SpringAnimation2D(
                    spring: opaque(BenchSprings.underdamped), from: Point(x: x0, y: -40),
                    to: .zero, velocity: Vector(dx: v0, dy: 300))
                let h = opaque(h)
                var phase = 0
                return { n in
                    var sum = 0.0
                    var p = phase
                    for _ in 0..<n {
                        let t = Double(p) * h
                        let position = animation.position(at: t)
                        let velocity = animation.velocity(at: t)
                        sum += position.x + position.y + velocity.dx + velocity.dy
                        p += 1
                        if p == episode { p = 0 }
                    }
                    phase = p
                    blackHole(sum)
                }
            },
            Benchmark(group: group, name: "SpringAnimation2D.retarget(to:at:)", operation: "retarget") {
                var animation = SpringAnimation2D(
                    spring: opaque(BenchSprings.underdamped), from: Point(x: x0, y: -40), to: .zero)
                let targets = InputRing { Double($0 % 97) * 3.1 - 150 }
                let h = opaque(h)
                var frame = 0
                return { n in
                    for i in 0..<n {
                        frame += 1
                        animation.retarget(to: Point(x: targets[i], y: targets[i &+ 7]), at: Double(frame) * h)
                    }
                    blackHole(animation.target)
                }
            },
            gslBenchmark(.rkf45, axes: 2, BenchmarkHandle(group: group, name: "GSL frame step 1/120 s, rkf45, 2 axes")),
        ]
    }

    // MARK: Rubber bands and decay

    /// One function of one input per operation, the input cycling through `inputs`.
    /// Inputs i·factor, i = 0, 1, 2, …
    static func scaled(_ factor: Double) -> (Int) -> Double { { Double($0) * factor } }

    static func function(
        _ group: String, _ name: String, inputs: @escaping (Int) -> Double,
        _ body: @escaping (Double) throws -> Double
    ) -> Benchmark {
        Benchmark(group: group, name: name, operation: "call") {
            let ring = InputRing(inputs)
            return { n in
                var sum = 0.0
                for i in 0..<n { sum += try body(ring[i]) }
                blackHole(sum)
            }
        }
    }

    static func rubberBandsAndDecay() -> [Benchmark] {
        let group = "Rubber band and decay"
        let scroll = try! ScrollViewRubberBand(dimension: 844)
        let snap = try! SnapRubberBand(dimension: 844)
        let power = PowerRubberBand.popovers
        let decay = Deceleration.normal
        let pulls: (Int) -> Double = { Double($0) * 0.73 - 300 }  // −300 … +447 pt
        let offsets: (Int) -> Double = { Double($0) * 0.5 - 250 }  // −250 … +261 pt, inside every band
        let times: (Int) -> Double = { Double($0) / 240 }  // 0 … 4.3 s
        let speeds: (Int) -> Double = { 200 + Double($0) * 4.7 }  // 200 … 5 000 pt/s
        return [
            function(group, "UIScrollView band, displayed(forPull:)", inputs: pulls) { scroll.displayed(forPull: $0) },
            function(group, "UIScrollView band, pull(forDisplayed:)", inputs: offsets) {
                scroll.pull(forDisplayed: $0)
            },
            function(group, "Popovers |a|^0.7, displayed(forPull:)", inputs: pulls) { power.displayed(forPull: $0) },
            function(group, "Popovers |a|^0.7, pull(forDisplayed:)", inputs: offsets) { power.pull(forDisplayed: $0) },
            function(group, "LNPopupController snap band, displayed(forPull:)", inputs: scaled(0.4)) {
                snap.displayed(forPull: $0)
            },
            function(group, "LNPopupController snap band, pull(forDisplayed:)", inputs: scaled(0.2)) {
                snap.pull(forDisplayed: $0)
            },
            function(group, "deceleration position(at:)", inputs: times) {
                decay.position(at: $0, from: 0, initialVelocity: 2_400)
            },
            function(group, "deceleration velocity(at:)", inputs: times) {
                decay.velocity(at: $0, initialVelocity: 2_400)
            },
            function(group, "deceleration projectedEnd", inputs: speeds) {
                decay.projectedEnd(from: 10, initialVelocity: $0)
            },
            function(group, "deceleration timeUntilSpeed(1 pt/s)", inputs: speeds) {
                try decay.timeUntilSpeed(1, initialVelocity: $0)
            },
        ]
    }

    // MARK: Spring parameters

    static func parameters() -> [Benchmark] {
        let group = "Spring parameters"
        let responses: (Int) -> Double = { 0.2 + Double($0) * 0.001 }  // 0.2 … 1.22 s
        let ratios: (Int) -> Double = { 0.1 + Double($0 % 256) * 0.005 }  // 0.1 … 1.375
        let bounces: (Int) -> Double = { -0.5 + Double($0) * 0.0013 }  // −0.5 … 0.83
        let springs = (0..<InputRing.size).map { try! Spring(response: responses($0), dampingRatio: ratios($0)) }
        let presets = SpringPreset.allCases.map(\.spring)
        return [
            Benchmark(group: group, name: "Spring(response:dampingRatio:)", operation: "conversion") {
                let r = InputRing(responses)
                let z = InputRing(ratios)
                return { n in
                    var sum = 0.0
                    for i in 0..<n { sum += try Spring(response: r[i], dampingRatio: z[i &+ 3]).stiffness }
                    blackHole(sum)
                }
            },
            Benchmark(group: group, name: "Spring(duration:bounce:)", operation: "conversion") {
                let d = InputRing(responses)
                let b = InputRing(bounces)
                return { n in
                    var sum = 0.0
                    for i in 0..<n { sum += try Spring(duration: d[i], bounce: b[i &+ 5]).damping }
                    blackHole(sum)
                }
            },
            Benchmark(group: group, name: "dampingRatio, bounce, response, overshoot", operation: "spring") {
                let list = opaque(springs)
                return { n in
                    var sum = 0.0
                    for i in 0..<n {
                        let s = list[i & (InputRing.size - 1)]
                        sum += s.dampingRatio + s.bounce + s.response + s.overshoot
                    }
                    blackHole(sum)
                }
            },
            Benchmark(
                group: group, name: "UIKit (duration, ζ) → spring, envelope mapping", operation: "conversion"
            ) {
                let d = InputRing { 0.2 + Double($0) * 0.0008 }
                let z = InputRing { 0.3 + Double($0 % 128) * 0.0055 }
                return { n in
                    var sum = 0.0
                    for i in 0..<n { sum += try Spring.uikit(duration: d[i], dampingRatio: z[i &+ 1]).stiffness }
                    blackHole(sum)
                }
            },
            Benchmark(group: group, name: "settlingTime()", operation: "spring") {
                let list = opaque(springs)
                return { n in
                    var sum = 0.0
                    for i in 0..<n { sum += try list[i & (InputRing.size - 1)].settlingTime() }
                    blackHole(sum)
                }
            },
            Benchmark(group: group, name: "SpringPropagator(spring:interval:)", operation: "propagator") {
                let list = opaque(presets)
                let h = opaque(h)
                return { n in
                    var sum = 0.0
                    for i in 0..<n {
                        sum += try SpringPropagator(spring: list[i % list.count], interval: h).transitionMatrix.0.0
                    }
                    blackHole(sum)
                }
            },
        ]
    }
}
