import CPopSimBenchReference
import FrameBench
import PopSimDynamics
import PopSimGeometry

/// Frame loops of the Dynamics module: crowds of concurrent springs advanced once per frame (scenarios at
/// the sizes of the capacity targets, and the capacity searches), and a drag-and-release proxy of an
/// interaction built from Dynamics alone.
///
/// Every crowd is in steady state from its first frame: spring i starts at phase i mod 200 of one
/// release (120 pt away, flicked toward the target at 800 pt/s) and is restarted when it reaches 200
/// frames, so each frame advances every spring and restarts 1/200 of them, as a screen full of springs
/// started at different moments would.
enum DynamicsFrameLoops: BenchmarkSuite {
    static let crowdGroup = "Crowd"
    static let capacityGroup = "Capacity"
    static let propagatorProbe = CapacityProbeHandle(group: capacityGroup, name: "propagator batch (SpringBatch)")
    static let closedFormProbe = CapacityProbeHandle(
        group: capacityGroup, name: "closed form (SpringAnimation.position)")
    static let closedFormReferenceProbe = CapacityProbeHandle(
        group: capacityGroup, name: "closed form, C kernel (reference)")
    static func gslProbe(_ stepper: ODEStepper) -> CapacityProbeHandle {
        CapacityProbeHandle(group: capacityGroup, name: "GSL \(stepper.rawValue) (ODEIntegrator per spring)")
    }

    static let episode = BenchSprings.episode

    static func scenarios() -> [FrameLoopScenario] {
        [
            FrameLoopScenario(
                group: crowdGroup, name: "1 000 000 springs, propagator batch",
                detail: "SpringBatch.advance, 1/200 retargeted per frame"
            ) { rate in
                try propagatorCrowd(count: 1_000_000, rate: rate)
            },
            FrameLoopScenario(
                group: crowdGroup, name: "200 000 springs, closed form",
                detail: "SpringAnimation.position(at:) each, 1/200 retargeted per frame"
            ) { rate in
                try closedFormCrowd(count: 200_000, rate: rate)
            },
            FrameLoopScenario(
                group: crowdGroup, name: "10 000 springs, GSL rkf45",
                detail: "ODEIntegrator.advance(to:) each, 1/200 restarted per frame"
            ) { rate in
                try gslCrowd(count: 10_000, stepper: .rkf45, rate: rate)
            },
            FrameLoopScenario(
                group: "Dynamics frame loop", name: "drag, rubber band, release (proxy interaction)",
                detail:
                    "Popovers-style |a|^0.7 drag 0.5 s, SpringAnimation2D release and one retarget, trace row per frame"
            ) { rate in
                dragAndRelease(rate: rate)
            },
        ]
    }

    /// How many concurrent springs one core keeps within half the 120 Hz budget.
    static func targets() -> [Target] {
        [
            Target(
                "capacity at 120 Hz, batched propagator",
                .capacity(probe: propagatorProbe, rate: .hz120, atLeast: 1_000_000)),
            Target(
                "capacity at 120 Hz, closed form",
                .capacity(
                    probe: closedFormProbe, rate: .hz120, atLeast: 200_000,
                    reference: closedFormReferenceProbe)),
            Target("capacity at 120 Hz, GSL rkf45", .capacity(probe: gslProbe(.rkf45), rate: .hz120, atLeast: 10_000)),
        ]
    }

    static func capacityProbes() -> [CapacityProbe] {
        [
            CapacityProbe(propagatorProbe, maximumCount: 1 << 24, inQuickRun: true) {
                try propagatorCrowd(count: $0, rate: $1)
            },
            CapacityProbe(closedFormProbe, maximumCount: 1 << 22, inQuickRun: true) {
                try closedFormCrowd(count: $0, rate: $1)
            },
            CapacityProbe(closedFormReferenceProbe, maximumCount: 1 << 22, inQuickRun: true) {
                try closedFormCrowdC(count: $0, rate: $1)
            },
        ]
            + ODEStepper.allCases.map { stepper in
                CapacityProbe(gslProbe(stepper), maximumCount: 1 << 18, inQuickRun: stepper == .rkf45) {
                    try gslCrowd(count: $0, stepper: stepper, rate: $1)
                }
            }
    }

    /// The release's state after each of the 200 frames of an episode at `rate`.
    static func phaseStates(_ rate: RefreshRate) -> [SpringState] {
        (0..<episode).map {
            BenchSprings.underdamped.state(after: Double($0) * rate.interval, from: BenchSprings.initial)
        }
    }

    /// Springs restarted after frame `frame`: those whose age (i mod 200 + frame + 1) is a multiple of
    /// 200, i.e. i ≡ −(frame + 1) (mod 200); and which restart of theirs this is (odd: head back out).
    static func restarts(after frame: Int) -> (first: Int, restartIsOdd: Bool) {
        let age = frame + 1
        let first = (episode - age % episode) % episode
        return (first, ((first + age) / episode) % 2 == 1)
    }

    static func propagatorCrowd(count: Int, rate: RefreshRate) throws -> FrameWork {
        let states = phaseStates(rate)
        var batch = try SpringBatch(
            propagator: SpringPropagator(spring: BenchSprings.underdamped, interval: rate.interval),
            positions: (0..<count).map { states[$0 % episode].displacement },
            velocities: (0..<count).map { states[$0 % episode].velocity },
            targets: [Double](repeating: 0, count: count))
        return { frame in
            batch.advance()
            let (first, odd) = restarts(after: frame)
            let target = odd ? BenchSprings.displacement : 0
            var i = first
            while i < count {
                batch.retarget(i, to: target)
                i += episode
            }
        }
    }

    static func closedFormAnimations(count: Int, interval: Double) -> [SpringAnimation] {
        (0..<count).map { i in
            SpringAnimation(
                spring: BenchSprings.underdamped, from: BenchSprings.displacement, to: 0,
                velocity: BenchSprings.velocity, at: -Double(i % episode) * interval)
        }
    }

    /// One frame of the closed-form crowd: every animation sampled at the frame's time, then 1/200 of
    /// them retargeted. Returns the sum of the positions.
    @inline(__always)
    static func closedFormFrame(_ crowd: UnsafeMutableBufferPointer<SpringAnimation>, frame: Int, interval: Double)
        -> Double
    {
        let t = Double(frame + 1) * interval
        let (first, odd) = restarts(after: frame)
        let target = odd ? BenchSprings.displacement : 0
        var sum = 0.0
        for i in 0..<crowd.count { sum += crowd[i].position(at: t) }
        var i = first
        while i < crowd.count {
            crowd[i].retarget(to: target, at: t)
            i += episode
        }
        return sum
    }

    static func closedFormCrowd(count: Int, rate: RefreshRate) throws -> FrameWork {
        let interval = rate.interval
        var animations = closedFormAnimations(count: count, interval: interval)
        // One exclusive access to the array per frame (a captured var is checked dynamically on every
        // access otherwise), as a crowd that cares about its frame time would write the loop.
        return { frame in
            animations.withUnsafeMutableBufferPointer { crowd in
                blackHole(closedFormFrame(crowd, frame: frame, interval: interval))
            }
        }
    }

    /// The same crowd in C (cbench_closed_form_crowd_frame, SpringAnimation's memory layout): what one
    /// core of this machine reaches for the closed form, so the capacity target can tell a Swift
    /// shortfall from a machine limit. Checked first to compute bit-identical positions.
    static func closedFormCrowdC(count: Int, rate: RefreshRate) throws -> FrameWork {
        let interval = rate.interval
        try checkClosedFormCrowd(interval: interval)
        let crowd = CClosedFormCrowd(count: count, interval: interval)
        return { frame in
            blackHole(crowd.frame(frame, interval: interval))
        }
    }

    /// 400 springs over 450 frames (two rounds of retargeting) in Swift and in C: the sums of positions
    /// must agree bit for bit on every frame.
    static func checkClosedFormCrowd(interval: Double) throws {
        let count = 400
        var animations = closedFormAnimations(count: count, interval: interval)
        let crowd = CClosedFormCrowd(count: count, interval: interval)
        for frame in 0..<450 {
            let swift = animations.withUnsafeMutableBufferPointer {
                closedFormFrame($0, frame: frame, interval: interval)
            }
            let c = crowd.frame(frame, interval: interval)
            guard swift == c else {
                throw ReferenceMismatch(
                    what: "closed-form crowd position sum at frame \(frame)", swift: [swift], c: [c])
            }
        }
    }

    static func gslCrowd(count: Int, stepper: ODEStepper, rate: RefreshRate) throws -> FrameWork {
        let interval = rate.interval
        let system = try SpringODESystem(spring: BenchSprings.underdamped)
        let states = phaseStates(rate).map { [$0.displacement, $0.velocity] }
        let integrators = try (0..<count).map { i in
            try ODEIntegrator(
                system: system, stepper: stepper, initialState: states[i % episode],
                tolerance: BenchSprings.tolerance, limits: BenchSprings.limits)
        }
        let initial = states[0]
        return { frame in
            let t = Double(frame + 1) * interval
            for integrator in integrators { try integrator.advance(to: t) }
            var i = restarts(after: frame).first
            while i < count {
                try integrators[i].reset(time: t, state: initial)
                i += episode
            }
        }
    }

    /// A stand-in for a whole interaction until the interaction models land: a finger drags a view
    /// 300 pt down and 80 pt right over 0.5 s against Popovers' |a|^0.7 resistance, releases it into a
    /// SwiftUI-default 2-D spring back home with the finger's last velocity, the spring is retargeted
    /// 0.5 s later, and every frame writes a trace row (t, x, y). One cycle is 2 s.
    static func dragAndRelease(rate: RefreshRate) -> FrameWork {
        let interval = rate.interval
        let cycle = 2 * rate.hertz
        let dragFrames = rate.hertz / 2
        let band = PowerRubberBand.popovers
        let trace = OwnedBuffer(count: 3 * cycle) { _ in 0 }
        var animation = SpringAnimation2D(spring: BenchSprings.underdamped, from: .zero, to: .zero)
        var previous = Point.zero
        var last = Point.zero
        return { frame in
            let t = Double(frame) * interval
            let phase = frame % cycle
            let position: Point
            if phase < dragFrames {
                let u = Double(phase) / Double(dragFrames)
                position = Point(x: band.displayed(forPull: 80 * u), y: band.displayed(forPull: 300 * u * (2 - u)))
            } else {
                if phase == dragFrames {
                    let velocity = Vector(dx: (last.x - previous.x) / interval, dy: (last.y - previous.y) / interval)
                    animation = SpringAnimation2D(
                        spring: BenchSprings.underdamped, from: last, to: .zero, velocity: velocity, at: t)
                } else if phase == dragFrames + rate.hertz / 2 {
                    animation.retarget(to: Point(x: 0, y: 24), at: t)
                }
                position = animation.position(at: t)
            }
            previous = last
            last = position
            trace.base[3 * phase] = t
            trace.base[3 * phase + 1] = position.x
            trace.base[3 * phase + 2] = position.y
        }
    }
}

/// A crowd of C animations (cbench_spring_animation), initialised as closedFormAnimations initialises
/// the Swift crowd, owned by the frame work that captures it.
final class CClosedFormCrowd {
    let animations: UnsafeMutableBufferPointer<cbench_spring_animation>

    init(count: Int, interval: Double) {
        let spring = BenchSprings.underdamped
        let k = CReferences.coefficients(spring)
        animations = .allocate(capacity: count)
        for i in 0..<count {
            animations.initializeElement(
                at: i,
                to: cbench_spring_animation(
                    mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, target: 0,
                    segment_start: -Double(i % BenchSprings.episode) * interval,
                    x0: BenchSprings.displacement, v0: BenchSprings.velocity, k: k))
        }
    }

    /// Frame `frame` of DynamicsFrameLoops.closedFormFrame, in C.
    func frame(_ frame: Int, interval: Double) -> Double {
        let t = Double(frame + 1) * interval
        let (first, odd) = DynamicsFrameLoops.restarts(after: frame)
        return cbench_closed_form_crowd_frame(
            animations.baseAddress, Int64(animations.count), t, Int64(first),
            Int64(BenchSprings.episode), odd ? BenchSprings.displacement : 0)
    }

    deinit { animations.deallocate() }
}
