import CPopSimGSL

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

/// Limits on the adaptive step: no minimum and no maximum step (GSL's driver defaults), and at most
/// ``defaultMaximumSteps`` steps per ``ODEIntegrator/advance(to:)`` (GSL's driver has no limit, so a
/// tolerance of 0 would step forever: the limit bounds the work of every call by a step count, not by
/// the clock).
public struct ODEStepLimits: Sendable, Hashable {
    /// First trial step, seconds (GSL `hstart`, must be > 0).
    public var initialStep: Double
    /// Smallest step allowed before the driver gives up with GSL_ENOPROG; 0 = none.
    public var minimumStep: Double
    /// Largest step; `.infinity` = none.
    public var maximumStep: Double
    /// Most steps per `advance(to:)` call before GSL_EMAXITER; 0 = unlimited.
    public var maximumSteps: Int

    /// 100 000 steps per call: a spring between two 120 Hz frames at 1e-10 takes a handful of steps
    /// with the higher-order steppers and about 60 000 with the first-order rk1imp, so only a
    /// tolerance too tight to reach (or 0) comes near it; at 1 to 10 µs per step the limit is reached
    /// within about a second.
    public static let defaultMaximumSteps = 100_000

    public init(
        initialStep: Double = 1e-3, minimumStep: Double = 0, maximumStep: Double = .infinity,
        maximumSteps: Int = defaultMaximumSteps
    ) {
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
            return
                "stepper \(stepper.rawValue) needs the system's Jacobian, and this system provides none: "
                + "choose an explicit stepper (rk2, rk4, rkf45, rkck, rk8pd, msadams)"
        case let .solver(error): return error.description
        case let .nonFiniteState(time): return "the state became non-finite at t = \(time): the system diverged"
        }
    }
}

/// Integrates an ``ODESystem`` with a GSL odeiv2 driver, landing exactly on the requested times
/// (`gsl_odeiv2_driver_apply` evolves adaptively to exactly t₁), so frame times are hit without
/// interpolation.
///
/// One object owns the GSL system struct, the driver (with its step, control and evolve workspaces),
/// the callback context, the system value and the state buffer, at fixed addresses for its whole life:
/// GSL keeps pointers to them (Documentation/springs-and-gsl.md §9). A frame step therefore allocates
/// nothing.
///
/// The right-hand side runs several times per frame, so the path from GSL to the system's code is kept
/// as short as a C callback's (Documentation/springs-and-gsl.md §9: carry state through `params`, a
/// pointer): `params` is an immutable context holding a pointer to the system and a closure formed in
/// the inlinable initialiser, so it is specialised for the concrete system in the caller's module and
/// calls its `derivatives` directly. The callback makes no retain or release, no dynamic exclusivity
/// check and no copy of the system value.
///
/// Not thread-safe: use one integrator per thread (GSL's rule for its workspaces).
public final class ODEIntegrator<System: ODESystem> {
    public let stepper: ODEStepper
    public let tolerance: ODETolerance
    public let limits: ODEStepLimits
    /// The current time.
    public var time: Double { clock.pointee }
    public let dimension: Int
    public var system: System { systemStorage.pointee }

    private let systemStorage: UnsafeMutablePointer<System>
    private let context: ODECallbackContext
    private let gslSystem: UnsafeMutablePointer<gsl_odeiv2_system>
    private let driver: UnsafeMutablePointer<gsl_odeiv2_driver>
    private let state: UnsafeMutableBufferPointer<Double>
    /// The current time, behind a pointer (a stored `var` of a class is checked for exclusive access
    /// at run time on every access).
    private let clock: UnsafeMutablePointer<Double>

    @inlinable
    public convenience init(
        system: System, stepper: ODEStepper, initialState: [Double], startTime: Double = 0,
        tolerance: ODETolerance = ODETolerance(), limits: ODEStepLimits = ODEStepLimits()
    ) throws(ODEError) {
        // Formed here, in the caller's module, so that they are specialised for `System`.
        let callbacks = ODECallbacks(
            derivatives: { system, t, y, f, n in
                system.assumingMemoryBound(to: System.self).pointee
                    .derivatives(
                        at: t, state: UnsafeBufferPointer(start: y, count: n),
                        into: UnsafeMutableBufferPointer(start: f, count: n))
            },
            jacobian: { system, t, y, j, ft, n in
                system.assumingMemoryBound(to: System.self).pointee
                    .jacobian(
                        at: t, state: UnsafeBufferPointer(start: y, count: n),
                        into: UnsafeMutableBufferPointer(start: j, count: n * n),
                        timeDerivatives: UnsafeMutableBufferPointer(start: ft, count: n))
            })
        try self.init(
            system: system, stepper: stepper, initialState: initialState, startTime: startTime,
            tolerance: tolerance, limits: limits, callbacks: callbacks)
    }

    @usableFromInline
    init(
        system: System, stepper: ODEStepper, initialState: [Double], startTime: Double,
        tolerance: ODETolerance, limits: ODEStepLimits, callbacks: ODECallbacks
    ) throws(ODEError) {
        do {
            try DynamicsError.require(system.dimension > 0, .dimension, Double(system.dimension), "at least 1")
            try DynamicsError.require(
                initialState.count == system.dimension, .initialStateCount, Double(initialState.count),
                "equal to the system dimension \(system.dimension)")
            for value in initialState { try DynamicsError.requireFinite(value, .initialState) }
            try DynamicsError.requireFinite(startTime, .startTime)
            try DynamicsError.requireNonNegative(tolerance.absolute, .epsabs)
            try DynamicsError.requireNonNegative(tolerance.relative, .epsrel)
            try DynamicsError.requirePositive(limits.initialStep, .initialStep)
            try DynamicsError.requireNonNegative(limits.minimumStep, .minimumStep)
            try DynamicsError.require(
                limits.maximumStep > 0 && !limits.maximumStep.isNaN, .maximumStep, limits.maximumStep, "positive")
            try DynamicsError.require(
                limits.maximumSteps >= 0, .maximumSteps, Double(limits.maximumSteps), "≥ 0 (0 = unlimited)")
        } catch {
            throw .invalid(error)
        }
        if stepper.needsJacobian && !system.providesJacobian { throw .missingJacobian(stepper) }

        GSLRuntime.prepare()
        let dimension = system.dimension
        let systemStorage = UnsafeMutablePointer<System>.allocate(capacity: 1)
        systemStorage.initialize(to: system)
        let context = ODECallbackContext(
            system: UnsafeMutableRawPointer(systemStorage), dimension: dimension,
            callbacks: callbacks)
        let gslSystem = UnsafeMutablePointer<gsl_odeiv2_system>.allocate(capacity: 1)
        gslSystem.initialize(
            to: gsl_odeiv2_system(
                function: odeFunctionTrampoline,
                jacobian: system.providesJacobian ? odeJacobianTrampoline : nil,
                dimension: dimension,
                params: Unmanaged.passUnretained(context).toOpaque()))
        func releaseCallbacks() {
            gslSystem.deallocate()
            systemStorage.deinitialize(count: 1).deallocate()
        }
        guard
            let driver = gsl_odeiv2_driver_alloc_y_new(
                gslSystem, stepper.stepType, limits.initialStep,
                tolerance.absolute, tolerance.relative)
        else {
            releaseCallbacks()
            throw .solver(GSLError(code: Int32(GSL_ENOMEM), function: "gsl_odeiv2_driver_alloc_y_new"))
        }
        var status = Int32(GSL_SUCCESS)
        if limits.minimumStep > 0 { status = gsl_odeiv2_driver_set_hmin(driver, limits.minimumStep) }
        if status == GSL_SUCCESS, limits.maximumStep.isFinite {
            status = gsl_odeiv2_driver_set_hmax(driver, limits.maximumStep)
        }
        if status == GSL_SUCCESS, limits.maximumSteps > 0 {
            status = gsl_odeiv2_driver_set_nmax(driver, UInt(limits.maximumSteps))
        }
        if status != GSL_SUCCESS {
            gsl_odeiv2_driver_free(driver)
            releaseCallbacks()
            throw .solver(GSLError(code: status, function: "gsl_odeiv2_driver_set_limits"))
        }

        let state = UnsafeMutableBufferPointer<Double>.allocate(capacity: dimension)
        _ = state.initialize(from: initialState)
        let clock = UnsafeMutablePointer<Double>.allocate(capacity: 1)
        clock.initialize(to: startTime)
        self.dimension = dimension
        self.systemStorage = systemStorage
        self.context = context
        self.gslSystem = gslSystem
        self.driver = driver
        self.state = state
        self.clock = clock
        self.stepper = stepper
        self.tolerance = tolerance
        self.limits = limits
    }

    deinit {
        gsl_odeiv2_driver_free(driver)
        gslSystem.deallocate()
        systemStorage.deinitialize(count: 1).deallocate()
        state.deallocate()
        clock.deallocate()
    }

    /// Component `index` of the current state.
    public subscript(index: Int) -> Double { state[index] }

    /// The current state (allocates an array; per-frame code should use the subscript).
    public var currentState: [Double] { Array(state) }

    /// Evolves the state from ``time`` to exactly `targetTime`.
    /// On failure the state and time hold the last step GSL accepted, the driver is reset, and the
    /// error says what GSL reported.
    public func advance(to targetTime: Double) throws(ODEError) {
        let now = clock.pointee
        guard targetTime.isFinite, targetTime >= now else {
            throw .invalid(
                .invalidParameter(
                    parameter: .time, value: targetTime,
                    requirement: "finite and not before the current time \(now)"))
        }
        if targetTime == now { return }
        let status = gsl_odeiv2_driver_apply(driver, clock, targetTime, state.baseAddress)
        if status != GSL_SUCCESS {
            gsl_odeiv2_driver_reset(driver)
            throw .solver(GSLError(code: status, function: "gsl_odeiv2_driver_apply", time: clock.pointee))
        }
        for value in state where !value.isFinite {
            throw .nonFiniteState(time: clock.pointee)
        }
    }

    /// Replaces time and state, and resets the driver's step-size history (needed after any jump).
    public func reset(time newTime: Double, state newState: [Double]) throws(ODEError) {
        guard newState.count == dimension, newState.allSatisfy(\.isFinite), newTime.isFinite else {
            throw .invalid(
                .invalidParameter(
                    parameter: .state, value: Double(newState.count),
                    requirement: "\(dimension) finite components at a finite time"))
        }
        for (i, value) in newState.enumerated() { state[i] = value }
        clock.pointee = newTime
        gsl_odeiv2_driver_reset(driver)
    }

    /// Changes the system's parameters (e.g. a new spring) and resets the driver, as GSL requires
    /// whenever `params` change.
    public func updateSystem(_ change: (inout System) -> Void) {
        change(&systemStorage.pointee)
        precondition(systemStorage.pointee.dimension == dimension, "an ODE system cannot change its dimension")
        gsl_odeiv2_driver_reset(driver)
    }
}

/// The system's functions as GSL's callbacks reach them: `(system, t, y, f, n)`, the system being a
/// pointer to the integrator's copy of it. Closures, because a C function pointer cannot be formed in
/// a generic context (Documentation/springs-and-gsl.md §9); formed in the inlinable initialiser, so that they are
/// specialised for the concrete system in the caller's module.
@usableFromInline
struct ODECallbacks {
    @usableFromInline typealias Derivatives = (
        UnsafeMutableRawPointer, Double, UnsafePointer<Double>,
        UnsafeMutablePointer<Double>, Int
    ) -> Bool
    @usableFromInline typealias Jacobian = (
        UnsafeMutableRawPointer, Double, UnsafePointer<Double>,
        UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>, Int
    ) -> Bool
    let derivatives: Derivatives
    let jacobian: Jacobian

    @usableFromInline
    init(derivatives: @escaping Derivatives, jacobian: @escaping Jacobian) {
        self.derivatives = derivatives
        self.jacobian = jacobian
    }
}

/// What GSL's `params` points to, owned by the integrator. Every field is a `let` of a final class
/// reached as a guaranteed reference (`_withUnsafeGuaranteedRef`): the trampoline loads the closure
/// and calls it with no retain or release and no exclusivity check (a closure copied out of a struct
/// behind a pointer would be retained and released around every call).
final class ODECallbackContext {
    let system: UnsafeMutableRawPointer
    let dimension: Int
    let derivatives: ODECallbacks.Derivatives
    let jacobian: ODECallbacks.Jacobian

    init(system: UnsafeMutableRawPointer, dimension: Int, callbacks: ODECallbacks) {
        self.system = system
        self.dimension = dimension
        derivatives = callbacks.derivatives
        jacobian = callbacks.jacobian
    }
}

private func odeFunctionTrampoline(
    _ t: Double, _ y: UnsafePointer<Double>?, _ f: UnsafeMutablePointer<Double>?,
    _ params: UnsafeMutableRawPointer?
) -> Int32 {
    guard let params, let y, let f else { return Int32(GSL_EBADFUNC) }
    let ok = Unmanaged<ODECallbackContext>.fromOpaque(params)._withUnsafeGuaranteedRef { context in
        context.derivatives(context.system, t, y, f, context.dimension)
    }
    return ok ? Int32(GSL_SUCCESS) : Int32(GSL_EBADFUNC)
}

private func odeJacobianTrampoline(
    _ t: Double, _ y: UnsafePointer<Double>?, _ j: UnsafeMutablePointer<Double>?,
    _ ft: UnsafeMutablePointer<Double>?, _ params: UnsafeMutableRawPointer?
) -> Int32 {
    guard let params, let y, let j, let ft else { return Int32(GSL_EBADFUNC) }
    let ok = Unmanaged<ODECallbackContext>.fromOpaque(params)._withUnsafeGuaranteedRef { context in
        context.jacobian(context.system, t, y, j, ft, context.dimension)
    }
    return ok ? Int32(GSL_SUCCESS) : Int32(GSL_EBADFUNC)
}
