import CPopSimGSL
import Foundation
import PopSimPlatform
import Testing

@testable import PopSimDynamics

@Suite("GSL ODE integration")
struct ODEIntegratorTests {
    static let springs: [(ratio: Double, velocity: Double)] = [(0.2, 0), (0.825, -3), (1, 2), (2.5, 10)]

    /// Closed form against GSL rk8pd at tight tolerance: agreement ≤ 1e-9 at every frame, over a grid
    /// of damping ratios, initial velocities and frame rates.
    @Test(arguments: springs, [60.0, 120.0])
    func closedFormAgreesWithRK8PD(spring parameters: (ratio: Double, velocity: Double), rate: Double) throws {
        let spring = try Spring(response: 0.5, dampingRatio: parameters.ratio)
        let start = SpringState(displacement: -1, velocity: parameters.velocity)
        let integrator = try ODEIntegrator(
            system: try SpringODESystem(spring: spring), stepper: .rk8pd,
            initialState: [start.displacement, start.velocity],
            tolerance: ODETolerance(absolute: 1e-13, relative: 1e-13))
        for frame in 1...Int(2 * rate) {
            let t = Double(frame) / rate
            try integrator.advance(to: t)
            #expect(integrator.time == t)
            let exact = spring.state(after: t, from: start)
            #expect(abs(integrator[0] - exact.displacement) <= 1e-9)
            #expect(abs(integrator[1] - exact.velocity) <= 1e-9 * spring.naturalFrequency)
        }
    }

    /// Every stepper runs, the implicit ones through the spring's analytic Jacobian, and each lands
    /// near the closed form at its tolerance.
    @Test(arguments: ODEStepper.allCases)
    func everyStepperRuns(stepper: ODEStepper) throws {
        let spring = Spring.bouncy
        let integrator = try ODEIntegrator(
            system: try SpringODESystem(spring: spring), stepper: stepper,
            initialState: [-1, 0], tolerance: ODETolerance(absolute: 1e-9, relative: 1e-9))
        for frame in 1...60 { try integrator.advance(to: Double(frame) / 60) }
        let exact = spring.state(after: 1, from: SpringState(displacement: -1, velocity: 0))
        #expect(abs(integrator[0] - exact.displacement) < 1e-5)
    }

    struct NoJacobian: ODESystem {
        var dimension: Int { 1 }
        func derivatives(
            at time: Double, state: UnsafeBufferPointer<Double>, into rates: UnsafeMutableBufferPointer<Double>
        ) -> Bool {
            rates[0] = -state[0]
            return true
        }
    }

    @Test(arguments: ODEStepper.allCases.filter(\.needsJacobian))
    func implicitStepperWithoutJacobianIsRejected(stepper: ODEStepper) {
        #expect(throws: ODEError.missingJacobian(stepper)) {
            _ = try ODEIntegrator(system: NoJacobian(), stepper: stepper, initialState: [1])
        }
    }

    /// A tiny step limit is a GSL error (GSL_EMAXITER = 11, "exceeded max number of iterations"
    /// in gsl_errno.h), reported as a typed error instead of GSL's default abort().
    @Test func stepLimitSurfacesAsError() throws {
        let integrator = try ODEIntegrator(
            system: try SpringODESystem(spring: .bouncy), stepper: .rkf45,
            initialState: [-1, 0], tolerance: ODETolerance(absolute: 1e-12, relative: 1e-12),
            limits: ODEStepLimits(initialStep: 1e-6, maximumSteps: 2))
        #expect {
            try integrator.advance(to: 1)
        } throws: { error in
            guard case let .solver(gsl) = error as? ODEError else { return false }
            return gsl.code == 11 && gsl.reason == String(cString: gsl_strerror(11))
                && gsl.function == "gsl_odeiv2_driver_apply"
        }
        // The integrator stays usable after the failure.
        #expect(integrator.time < 1)
    }

    struct Failing: ODESystem {
        var dimension: Int { 1 }
        func derivatives(
            at time: Double, state: UnsafeBufferPointer<Double>, into rates: UnsafeMutableBufferPointer<Double>
        ) -> Bool {
            rates[0] = 1
            return time < 0.5
        }
    }

    /// A derivative function that reports failure becomes GSL_EBADFUNC (9), not a crash.
    @Test func failingSystemSurfacesAsBadFunction() throws {
        let integrator = try ODEIntegrator(system: Failing(), stepper: .rk4, initialState: [0])
        #expect {
            try integrator.advance(to: 1)
        } throws: { error in
            guard case let .solver(gsl) = error as? ODEError else { return false }
            return gsl.code == 9
        }
    }

    /// A non-linear system: the undamped pendulum θ″ = −(g/L)·sin θ conserves
    /// E = ½θ′² − (g/L)·cos θ, which gives an independent check on the integration.
    struct Pendulum: ODESystem {
        let gOverL = 9.81
        var dimension: Int { 2 }
        func derivatives(
            at time: Double, state y: UnsafeBufferPointer<Double>, into f: UnsafeMutableBufferPointer<Double>
        ) -> Bool {
            f[0] = y[1]
            f[1] = -gOverL * Double.sin(y[0])
            return true
        }
        var providesJacobian: Bool { true }
        func jacobian(
            at time: Double, state y: UnsafeBufferPointer<Double>, into j: UnsafeMutableBufferPointer<Double>,
            timeDerivatives ft: UnsafeMutableBufferPointer<Double>
        ) -> Bool {
            j[0] = 0
            j[1] = 1
            j[2] = -gOverL * Double.cos(y[0])
            j[3] = 0
            ft[0] = 0
            ft[1] = 0
            return true
        }
        func energy(_ theta: Double, _ omega: Double) -> Double { 0.5 * omega * omega - gOverL * Double.cos(theta) }
    }

    @Test(arguments: [ODEStepper.rkf45, .rk8pd, .msbdf, .bsimp])
    func nonlinearPendulumConservesEnergy(stepper: ODEStepper) throws {
        let pendulum = Pendulum()
        let integrator = try ODEIntegrator(
            system: pendulum, stepper: stepper, initialState: [2.5, 0],
            tolerance: ODETolerance(absolute: 1e-11, relative: 1e-11))
        let e0 = pendulum.energy(2.5, 0)
        for frame in 1...240 { try integrator.advance(to: Double(frame) / 120) }
        #expect(abs(pendulum.energy(integrator[0], integrator[1]) - e0) < 1e-7 * abs(e0))
    }

    @Test func twoAxisSpringMatchesClosedFormPerAxis() throws {
        let spring = Spring.snappy
        let integrator = try ODEIntegrator(
            system: try SpringODESystem(spring: spring, axes: 2), stepper: .rkf45,
            initialState: [-100, 0, 30, 400], tolerance: ODETolerance(absolute: 1e-11, relative: 1e-11))
        try integrator.advance(to: 0.3)
        let x = spring.state(after: 0.3, from: SpringState(displacement: -100, velocity: 0))
        let y = spring.state(after: 0.3, from: SpringState(displacement: 30, velocity: 400))
        #expect(abs(integrator[0] - x.displacement) < 1e-7)
        #expect(abs(integrator[2] - y.displacement) < 1e-7)
    }

    @Test func invalidSettingsAreTypedErrors() throws {
        let system = try SpringODESystem(spring: .smooth)
        #expect(throws: ODEError.self) { _ = try ODEIntegrator(system: system, stepper: .rkf45, initialState: [1]) }
        #expect(throws: ODEError.self) {
            _ = try ODEIntegrator(
                system: system, stepper: .rkf45, initialState: [1, 0],
                tolerance: ODETolerance(absolute: -1, relative: 0))
        }
        #expect(throws: ODEError.self) {
            _ = try ODEIntegrator(system: system, stepper: .rkf45, initialState: [.nan, 0])
        }
        let integrator = try ODEIntegrator(system: system, stepper: .rkf45, initialState: [1, 0])
        try integrator.advance(to: 0.5)
        #expect(throws: ODEError.self) { try integrator.advance(to: 0.1) }
    }

    @Test func resetAndUpdateSystem() throws {
        let integrator = try ODEIntegrator(
            system: try SpringODESystem(spring: .smooth), stepper: .rkck, initialState: [1, 0])
        try integrator.advance(to: 0.2)
        try integrator.reset(time: 0, state: [-1, 0])
        integrator.updateSystem { $0 = try! SpringODESystem(spring: .bouncy) }
        try integrator.advance(to: 0.2)
        let exact = Spring.bouncy.state(after: 0.2, from: SpringState(displacement: -1, velocity: 0))
        #expect(abs(integrator[0] - exact.displacement) < 1e-6)
    }

    /// Changing only the spring of a running system must change the right-hand side too (the per-mass
    /// rates are cached): afterwards the state follows the new spring's closed form.
    @Test func updatingTheSpringAloneChangesTheDynamics() throws {
        let integrator = try ODEIntegrator(
            system: try SpringODESystem(spring: .smooth), stepper: .rk8pd, initialState: [1, 0],
            tolerance: ODETolerance(absolute: 1e-12, relative: 1e-12))
        try integrator.advance(to: 0.1)
        integrator.updateSystem { $0.spring = .bouncy }
        try integrator.reset(time: 0, state: [-1, 0])
        try integrator.advance(to: 0.2)
        let exact = Spring.bouncy.state(after: 0.2, from: SpringState(displacement: -1, velocity: 0))
        #expect(abs(integrator[0] - exact.displacement) < 1e-8)
        #expect(integrator.system.spring == .bouncy)
    }

    @Test func gslVersionIsReported() {
        #expect(GSLRuntime.version.split(separator: ".").count >= 2)
    }
}

@Suite("GSL step budget")
struct ODEStepBudgetTests {
    /// Zero tolerances can never be met: without a limit GSL's driver steps forever; with the default
    /// limit it stops with GSL_EMAXITER (11) after 100 000 steps.
    @Test func zeroToleranceStopsAtTheDefaultLimit() throws {
        #expect(ODEStepLimits().maximumSteps == 100_000)
        let integrator = try ODEIntegrator(
            system: try SpringODESystem(spring: .smooth), stepper: .rkf45, initialState: [-1, 0],
            tolerance: ODETolerance(absolute: 0, relative: 0))
        #expect {
            try integrator.advance(to: 1.0 / 120)
        } throws: { error in
            guard case let .solver(gsl) = error as? ODEError else { return false }
            return gsl.remedy == .raiseStepLimit
        }
    }
}
