import CPopSimBenchReference
import FrameBench
import PopSimDynamics

/// Swift handles for the C reference kernels (Benchmarks/CPopSimBenchReference), with the agreement checks
/// that every reference passes before it is timed: Swift and C must produce bit-identical numbers from
/// the same inputs, or the ratio would compare different work.
enum CReferences {
    /// The kernels every Swift/C ratio is judged against: the baseline instruction set, as `swift build`.
    static let name = "C -O3, baseline ISA"
    /// The batch kernel of the "built for this CPU" row.
    static let nativeName = "C -O3 -march=native"

    static func coefficients(_ spring: Spring) -> cbench_spring_coefficients {
        cbench_spring_coefficients_make(spring.mass, spring.stiffness, spring.damping)
    }

    /// Φ of a propagator, row-major.
    static func transition(_ propagator: SpringPropagator) -> [Double] {
        let ((a, b), (c, d)) = propagator.transitionMatrix
        return [a, b, c, d]
    }

    /// The closed form at a few times in both languages.
    static func checkClosedForm(_ spring: Spring) throws {
        var k = coefficients(spring)
        for i in [0, 1, 7, 60, 199] {
            let t = Double(i) * BenchSprings.frameInterval
            let swift = spring.state(after: t, from: BenchSprings.initial)
            var x = 0.0
            var v = 0.0
            cbench_closed_form_state(&k, BenchSprings.displacement, BenchSprings.velocity, t, &x, &v)
            guard x == swift.displacement, v == swift.velocity else {
                throw ReferenceMismatch(
                    what: "closed-form state at t = \(t) s", swift: [swift.displacement, swift.velocity], c: [x, v])
            }
        }
    }

    /// 1 000 propagator steps (5 episodes) in both languages.
    static func checkPropagator(_ propagator: SpringPropagator) throws {
        var state = BenchSprings.initial
        var phase = 0
        for _ in 0..<1000 {
            if phase == BenchSprings.episode {
                state = BenchSprings.initial
                phase = 0
            }
            propagator.advance(&state)
            phase += 1
        }
        var x = BenchSprings.displacement
        var v = BenchSprings.velocity
        var cPhase: Int64 = 0
        let phi = transition(propagator)
        cbench_propagator_steps(
            phi, BenchSprings.displacement, BenchSprings.velocity, 1000, Int64(BenchSprings.episode), &cPhase, &x, &v)
        guard x == state.displacement, v == state.velocity else {
            throw ReferenceMismatch(
                what: "propagator state after 1000 steps", swift: [state.displacement, state.velocity], c: [x, v])
        }
    }
}

/// A spring ODE driven by GSL from C (cbench_gsl_spring), owned by the workload that captures it.
final class CGSLSpring {
    let pointer: OpaquePointer
    let dimension: Int

    init(stepper: ODEStepper, system: SpringODESystem, initialState: [Double]) throws {
        guard
            let pointer = cbench_gsl_spring_new(
                stepper.rawValue, Int32(system.axes),
                system.spring.stiffness / system.spring.mass,
                system.spring.damping / system.spring.mass, initialState,
                BenchSprings.tolerance.absolute, BenchSprings.tolerance.relative,
                BenchSprings.limits.initialStep)
        else {
            throw GSLStatus(code: -1)
        }
        self.pointer = pointer
        dimension = system.dimension
    }

    /// `frames` frames of `interval`, restarting every `episode` frames.
    func frames(_ frames: Int, interval: Double, episode: Int) throws {
        let status = cbench_gsl_spring_frames(pointer, Int64(frames), interval, Int64(episode))
        if status != 0 { throw GSLStatus(code: status) }
    }

    var state: [Double] {
        Array(UnsafeBufferPointer(start: cbench_gsl_spring_state(pointer), count: dimension))
    }

    deinit { cbench_gsl_spring_free(pointer) }
}
