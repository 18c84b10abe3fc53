import CGSL

/// Settings of GSL's standard error control: a step is accepted when every component's error
/// estimate is within `absolute + relative·|yᵢ|` (the `y_new` control).
public struct ODETolerance: Sendable, Hashable {
    public var absolute: Double
    public var relative: Double

    public init(absolute: Double = 1e-10, relative: Double = 1e-10) {
        self.absolute = absolute
        self.relative = relative
    }
}

/// Limits on the adaptive step (GSL's driver defaults: no minimum, no maximum, no step count limit).
public struct ODEStepLimits: Sendable, Hashable {
    /// First trial step, seconds (GSL `hstart`, must be > 0).
    public var initialStep: Double
    /// Smallest step allowed before the driver gives up with GSL_ENOPROG; 0 = none.
    public var minimumStep: Double
    /// Largest step; `.infinity` = none.
    public var maximumStep: Double
    /// Most steps per `advance(to:)` call before GSL_EMAXITER; 0 = unlimited.
    public var maximumSteps: Int

    public init(initialStep: Double = 1e-3, minimumStep: Double = 0, maximumStep: Double = .infinity, maximumSteps: Int = 0) {
        self.initialStep = initialStep
        self.minimumStep = minimumStep
        self.maximumStep = maximumStep
        self.maximumSteps = maximumSteps
    }
}

/// Why an integration could not be set up or carried on.
public enum ODEError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalid(DynamicsError)
    /// An implicit stepper was chosen for a system without a Jacobian.
    case missingJacobian(ODEStepper)
    /// GSL reported a failure.
    case solver(GSLError)
    /// The state stopped being finite (the system diverged).
    case nonFiniteState(time: Double)

    public var description: String {
        switch self {
        case let .invalid(error): return error.description
        case let .missingJacobian(stepper):
            return "stepper \(stepper.rawValue) needs the system's Jacobian, and this system provides none: choose an explicit stepper (rk2, rk4, rkf45, rkck, rk8pd, msadams)"
        case let .solver(error): return error.description
        case let .nonFiniteState(time): return "the state became non-finite at t = \(time): the system diverged"
        }
    }
}

/// Integrates an ``ODESystem`` with a GSL odeiv2 driver, landing exactly on the requested times
/// (`gsl_odeiv2_driver_apply` evolves adaptively to exactly t₁), so frame times are hit without
/// interpolation.
///
/// One object owns the GSL system struct, the driver (with its step, control and evolve workspaces)
/// and the state buffer, at fixed addresses for its whole life: GSL keeps pointers to them
/// (benchmarks-and-gsl.md §5, pitfall 3). A frame step therefore allocates nothing.
///
/// Not thread-safe: use one integrator per thread (GSL's rule for its workspaces).
public final class ODEIntegrator<System: ODESystem> {
    public let stepper: ODEStepper
    public let tolerance: ODETolerance
    public let limits: ODEStepLimits
    /// The current time.
    public private(set) var time: Double
    public var dimension: Int { evaluator.dimension }
    public var system: System { evaluator.system }

    private let evaluator: TypedODEEvaluator<System>
    private let gslSystem: UnsafeMutablePointer<gsl_odeiv2_system>
    private let driver: UnsafeMutablePointer<gsl_odeiv2_driver>
    private let state: UnsafeMutableBufferPointer<Double>

    public init(system: System, stepper: ODEStepper, initialState: [Double], startTime: Double = 0,
                tolerance: ODETolerance = ODETolerance(), limits: ODEStepLimits = ODEStepLimits()) throws(ODEError) {
        do {
            try DynamicsError.require(system.dimension > 0, "dimension", Double(system.dimension), "at least 1")
            try DynamicsError.require(initialState.count == system.dimension, "initialState.count", Double(initialState.count),
                                      "equal to the system dimension \(system.dimension)")
            for value in initialState { try DynamicsError.requireFinite(value, "initialState") }
            try DynamicsError.requireFinite(startTime, "startTime")
            try DynamicsError.requireNonNegative(tolerance.absolute, "epsabs")
            try DynamicsError.requireNonNegative(tolerance.relative, "epsrel")
            try DynamicsError.requirePositive(limits.initialStep, "initialStep")
            try DynamicsError.requireNonNegative(limits.minimumStep, "minimumStep")
            try DynamicsError.require(limits.maximumStep > 0 && !limits.maximumStep.isNaN, "maximumStep", limits.maximumStep, "positive")
            try DynamicsError.require(limits.maximumSteps >= 0, "maximumSteps", Double(limits.maximumSteps), "≥ 0 (0 = unlimited)")
        } catch {
            throw .invalid(error)
        }
        if stepper.needsJacobian && !system.providesJacobian { throw .missingJacobian(stepper) }

        GSLRuntime.prepare()
        let evaluator = TypedODEEvaluator(system)
        let gslSystem = UnsafeMutablePointer<gsl_odeiv2_system>.allocate(capacity: 1)
        gslSystem.initialize(to: gsl_odeiv2_system(
            function: odeFunctionTrampoline,
            jacobian: system.providesJacobian ? odeJacobianTrampoline : nil,
            dimension: system.dimension,
            params: Unmanaged.passUnretained(evaluator as ODEEvaluator).toOpaque()))
        guard let driver = gsl_odeiv2_driver_alloc_y_new(gslSystem, stepper.stepType, limits.initialStep,
                                                          tolerance.absolute, tolerance.relative) else {
            gslSystem.deallocate()
            throw .solver(GSLError(code: Int32(GSL_ENOMEM), function: "gsl_odeiv2_driver_alloc_y_new"))
        }
        var status = Int32(GSL_SUCCESS)
        if limits.minimumStep > 0 { status = gsl_odeiv2_driver_set_hmin(driver, limits.minimumStep) }
        if status == GSL_SUCCESS, limits.maximumStep.isFinite { status = gsl_odeiv2_driver_set_hmax(driver, limits.maximumStep) }
        if status == GSL_SUCCESS, limits.maximumSteps > 0 { status = gsl_odeiv2_driver_set_nmax(driver, UInt(limits.maximumSteps)) }
        if status != GSL_SUCCESS {
            gsl_odeiv2_driver_free(driver)
            gslSystem.deallocate()
            throw .solver(GSLError(code: status, function: "gsl_odeiv2_driver_set_limits"))
        }

        let state = UnsafeMutableBufferPointer<Double>.allocate(capacity: system.dimension)
        _ = state.initialize(from: initialState)
        self.evaluator = evaluator
        self.gslSystem = gslSystem
        self.driver = driver
        self.state = state
        self.stepper = stepper
        self.tolerance = tolerance
        self.limits = limits
        self.time = startTime
    }

    deinit {
        gsl_odeiv2_driver_free(driver)
        gslSystem.deallocate()
        state.deallocate()
    }

    /// Component `index` of the current state.
    public subscript(index: Int) -> Double { state[index] }

    /// The current state (allocates an array; per-frame code should use the subscript).
    public var currentState: [Double] { Array(state) }

    /// Evolves the state from ``time`` to exactly `targetTime`.
    /// On failure the state and time hold the last step GSL accepted, the driver is reset, and the
    /// error says what GSL reported.
    public func advance(to targetTime: Double) throws(ODEError) {
        guard targetTime.isFinite, targetTime >= time else {
            throw .invalid(.invalidParameter(parameter: "time", value: targetTime,
                                             requirement: "finite and not before the current time \(time)"))
        }
        if targetTime == time { return }
        var t = time
        let status = gsl_odeiv2_driver_apply(driver, &t, targetTime, state.baseAddress)
        time = t
        if status != GSL_SUCCESS {
            gsl_odeiv2_driver_reset(driver)
            throw .solver(GSLError(code: status, function: "gsl_odeiv2_driver_apply", time: t))
        }
        for value in state where !value.isFinite {
            throw .nonFiniteState(time: t)
        }
    }

    /// Replaces time and state, and resets the driver's step-size history (needed after any jump).
    public func reset(time newTime: Double, state newState: [Double]) throws(ODEError) {
        guard newState.count == dimension, newState.allSatisfy(\.isFinite), newTime.isFinite else {
            throw .invalid(.invalidParameter(parameter: "state", value: Double(newState.count),
                                             requirement: "\(dimension) finite components at a finite time"))
        }
        for (i, value) in newState.enumerated() { state[i] = value }
        time = newTime
        gsl_odeiv2_driver_reset(driver)
    }

    /// Changes the system's parameters (e.g. a new spring) and resets the driver, as GSL requires
    /// whenever `params` change.
    public func updateSystem(_ change: (inout System) -> Void) {
        change(&evaluator.system)
        precondition(evaluator.system.dimension == evaluator.dimension, "an ODE system cannot change its dimension")
        gsl_odeiv2_driver_reset(driver)
    }
}

/// The type-erased half of the evaluator: GSL's C callbacks cannot capture generic context, so they
/// reach the system through this class's vtable.
class ODEEvaluator {
    let dimension: Int
    init(dimension: Int) { self.dimension = dimension }
    func derivatives(_ t: Double, _ y: UnsafePointer<Double>, _ f: UnsafeMutablePointer<Double>) -> Int32 { fatalError("abstract") }
    func jacobian(_ t: Double, _ y: UnsafePointer<Double>, _ j: UnsafeMutablePointer<Double>, _ ft: UnsafeMutablePointer<Double>) -> Int32 { fatalError("abstract") }
}

final class TypedODEEvaluator<System: ODESystem>: ODEEvaluator {
    var system: System

    init(_ system: System) {
        self.system = system
        super.init(dimension: system.dimension)
    }

    override func derivatives(_ t: Double, _ y: UnsafePointer<Double>, _ f: UnsafeMutablePointer<Double>) -> Int32 {
        let ok = system.derivatives(at: t, state: UnsafeBufferPointer(start: y, count: dimension),
                                    into: UnsafeMutableBufferPointer(start: f, count: dimension))
        return ok ? Int32(GSL_SUCCESS) : Int32(GSL_EBADFUNC)
    }

    override func jacobian(_ t: Double, _ y: UnsafePointer<Double>, _ j: UnsafeMutablePointer<Double>, _ ft: UnsafeMutablePointer<Double>) -> Int32 {
        let ok = system.jacobian(at: t, state: UnsafeBufferPointer(start: y, count: dimension),
                                 into: UnsafeMutableBufferPointer(start: j, count: dimension * dimension),
                                 timeDerivatives: UnsafeMutableBufferPointer(start: ft, count: dimension))
        return ok ? Int32(GSL_SUCCESS) : Int32(GSL_EBADFUNC)
    }
}

private func odeFunctionTrampoline(_ t: Double, _ y: UnsafePointer<Double>?, _ f: UnsafeMutablePointer<Double>?,
                                   _ params: UnsafeMutableRawPointer?) -> Int32 {
    guard let params, let y, let f else { return Int32(GSL_EBADFUNC) }
    return Unmanaged<ODEEvaluator>.fromOpaque(params).takeUnretainedValue().derivatives(t, y, f)
}

private func odeJacobianTrampoline(_ t: Double, _ y: UnsafePointer<Double>?, _ j: UnsafeMutablePointer<Double>?,
                                   _ ft: UnsafeMutablePointer<Double>?, _ params: UnsafeMutableRawPointer?) -> Int32 {
    guard let params, let y, let j, let ft else { return Int32(GSL_EBADFUNC) }
    return Unmanaged<ODEEvaluator>.fromOpaque(params).takeUnretainedValue().jacobian(t, y, j, ft)
}
