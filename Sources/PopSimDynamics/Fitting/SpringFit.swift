import PopSimPlatform

/// The motion quantities a spring fit may leave unknown, besides the spring itself.
public struct SpringFitUnknowns: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The start position.
    public static let from = SpringFitUnknowns(rawValue: 1)
    /// The target (rest) position.
    public static let to = SpringFitUnknowns(rawValue: 2)
    /// The initial velocity, d(position)/dt at the start.
    public static let velocity = SpringFitUnknowns(rawValue: 4)
    /// The start delay after the trace's first time.
    public static let delay = SpringFitUnknowns(rawValue: 8)

    /// In the order the fit's parameter vector and the command line's `--free` list them.
    public static let ordered: [(name: String, unknown: SpringFitUnknowns)] = [
        ("from", .from), ("to", .to), ("velocity", .velocity), ("delay", .delay),
    ]
}

/// What a spring fit holds fixed and what it solves for.
///
/// The start and the target are solved for unless a value is given for them: a recording's first and
/// last rows carry its noise, and holding the model at them as if they were exact biases the spring and
/// makes its standard errors too small (on 0.2–1 pt of noise, about half what the spread of the fits
/// shows; Tests/PopSimDynamicsTests/SpringFitCoverageTests.swift).
public struct SpringFitOptions: Sendable, Hashable {
    /// Also solved for along with the spring (the velocity and delay are held at the values below
    /// unless listed). The start and target are solved for whenever ``from`` and ``to`` are nil, listed
    /// or not.
    public var unknowns: SpringFitUnknowns
    /// The start when held fixed; nil: solved for.
    public var from: Double?
    /// The target when held fixed; nil: solved for.
    public var to: Double?
    /// The initial velocity when held fixed (position units per second).
    public var velocity: Double
    /// The start delay when held fixed (seconds after the first time).
    public var delay: Double
    /// The largest damping ratio the fit reports (``SpringFit/defaultMaximumDampingRatio``). A trace whose
    /// best spring lies beyond it is fitted with ζ held here and reported with
    /// ``SpringFitResult/limit`` set.
    public var maximumDampingRatio = SpringFit.defaultMaximumDampingRatio
    public var settings: FitSettings
    /// The velocity and delay when given explicitly (held at a value the user chose, not the default).
    public var held: SpringFitUnknowns = []

    public init(
        unknowns: SpringFitUnknowns = [], from: Double? = nil, to: Double? = nil, velocity: Double = 0,
        delay: Double = 0, settings: FitSettings = FitSettings()
    ) {
        self.unknowns = unknowns
        self.from = from
        self.to = to
        self.velocity = velocity
        self.delay = delay
        self.settings = settings
    }

    /// What the fit solves for: ``unknowns``, and the start and target unless they are held.
    public var solvedFor: SpringFitUnknowns {
        var solved = unknowns
        if from == nil { solved.insert(.from) }
        if to == nil { solved.insert(.to) }
        return solved
    }
}

/// One standard error per reported quantity. The spring's are propagated from the fitted (ln ω₀, ln ζ)
/// to each parameterisation to first order (the delta method); a motion quantity's is nil when it was
/// held fixed.
public struct SpringFitStandardErrors: Sendable, Hashable {
    public var stiffness: Double
    public var damping: Double
    public var dampingRatio: Double
    public var response: Double
    public var bounce: Double
    public var from: Double?
    public var to: Double?
    public var velocity: Double?
    public var delay: Double?
}

/// A spring fitted to a recorded trajectory.
public struct SpringFitResult: Sendable {
    /// The fitted spring, with unit mass: a trajectory determines k/m and c/m, not m (SwiftUI's and Core
    /// Animation's convention is m = 1).
    public let spring: Spring
    public let from: Double
    public let to: Double
    public let velocity: Double
    public let delay: Double
    public let unknowns: SpringFitUnknowns
    public let standardErrors: SpringFitStandardErrors
    /// √(Σwᵢrᵢ²/Σwᵢ) over the points (√(mean r²) without weights), in position units.
    public let rmsResidual: Double
    public let iterations: Int
    /// The trace's points (rows).
    public let points: Int
    /// The time the model counts from: the trace's first time (the start is this plus `delay`).
    public let startTime: Double
    /// Data minus model at each point, in the trace's order.
    public let residuals: [Double]
    /// The (ln ω₀, ln ζ, free motion quantities…) covariance, row-major, as the solver reported it; at a
    /// ``limit`` ln ζ was held, and its row and column are left out.
    public let covariance: [Double]
    /// The bound the fit ran into, if any: the trace is best fitted beyond it.
    public let limit: SpringFitLimit?
    /// The standard error of ``timeConstant`` (NaN below ζ = 1, infinite at ζ = 1 exactly when ζ was
    /// fitted); at a ``limit`` it counts the response's error only.
    public let timeConstantStandardError: Double

    /// The time constant of the slow mode, 1/(ω₀(ζ − √(ζ² − 1))) = (ζ + √(ζ² − 1))/ω₀, for ζ ≥ 1 (nil
    /// below): what a first-order approach x = to + (from − to)·e^(−t/τ) with the same decay has, and
    /// what the fit measures when it stops at the overdamped limit.
    public var timeConstant: Double? { Self.timeConstant(of: spring) }

    static func timeConstant(of spring: Spring) -> Double? {
        let zeta = spring.dampingRatio
        guard zeta >= 1 else { return nil }
        let omega0 = (spring.stiffness / spring.mass).squareRoot()
        return (zeta + (zeta * zeta - 1).squareRoot()) / omega0
    }

    /// The fitted trajectory at `time` (the trace's clock).
    public func position(at time: Double) -> Double {
        SpringFitModel.position(spring: spring, from: from, to: to, velocity: velocity, tau: time - startTime - delay)
    }
}

/// A bound a spring fit stopped at because the trace is best fitted beyond it.
public enum SpringFitLimit: Sendable, Hashable {
    /// The overdamped limit: the cost kept falling as ζ grew, so ζ was held at the bound
    /// (``SpringFitOptions/maximumDampingRatio``) and the rest fitted there. The trace is a first-order
    /// approach with time constant ``SpringFitResult/timeConstant``; the spring at the bound differs from
    /// that exponential by at most about 1/(4ζ²) of the travel (its fast mode's share).
    case dampingRatioBound(Double)
}

/// Fits a damped spring to a recorded trajectory (time, position): the closed-form free response from
/// `from` toward `to` with an initial velocity, starting `delay` seconds after the first time and held at
/// `from` before that. The unknowns are ln ω₀ and ln ζ (so stiffness and damping stay positive and ζ may
/// cross 1 freely), the start and target unless held (``SpringFitOptions/solvedFor``), and the velocity
/// and delay when asked for.
///
/// Method: a coarse grid over response and damping ratio (and delay), solving the linear unknowns (start,
/// target, velocity) exactly at each grid point on up to 48 of the points, then refined, picks the start
/// (``SpringFitStart``); GSL's trust-region
/// Levenberg–Marquardt with geodesic acceleration (``NonlinearLeastSquares``) then fits every point with
/// the analytic Jacobian (``SpringResponseSensitivity``). Unevenly spaced and missing frames need nothing
/// special: the model is evaluated at each point's own time.
///
/// The overdamped limit: a first-order approach (x = to + (from − to)·e^(−t/τ)) is the limit of springs
/// whose ζ grows without bound at a fixed slow decay, so its cost has no minimum, only a floor the
/// iterations chase. When the free fit fails, or ends beyond ``SpringFitOptions/maximumDampingRatio``,
/// the fit is repeated with ζ held at that bound, started from the free start's slow decay rate; it is
/// reported (``SpringFitResult/limit``) when it converges, the cost at the bound does not rise with ζ
/// (the gradient along ln ζ points out of the allowed range: a constrained minimum) and, when the free fit
/// failed, it fits better than the free fit's start, the best spring of the scan. Otherwise the free
/// fit's result (or error) stands.
public enum SpringFit {
    /// The fewest points a fit accepts: two spring parameters and the noise level need a few more than
    /// three, whatever is held fixed.
    public static let minimumPoints = 5

    /// ``SpringFitOptions/maximumDampingRatio``'s default: at ζ = 1000 a spring from rest follows a
    /// first-order approach to within about 1/(4ζ²) = 2.5·10⁻⁷ of its travel, below any recording's noise,
    /// while its stiffness (ω₀ ≈ 2ζ/τ) stays finite for time constants down to a millisecond.
    public static let defaultMaximumDampingRatio = 1000.0

    /// How far the residuals may lean towards a smaller ζ at the bound and the bound still count as the
    /// best fit: the cosine between the weighted residuals and the Jacobian's ln ζ column. Zero at an exact
    /// constrained minimum; rounding leaves about 1e-8.
    static let boundGradientTolerance = 1e-4

    public static func fit(
        times: [Double], positions: [Double], weights: [Double]? = nil,
        options: SpringFitOptions = SpringFitOptions()
    ) throws(FitError) -> SpringFitResult {
        try SpringFitData.validate(times: times, positions: positions, weights: weights)
        let n = times.count
        // A free start or target is only the solver's first guess here; SpringFitStart replaces it with
        // its least-squares value.
        let from = options.from ?? positions[0]
        let to = options.to ?? positions[n - 1]
        do {
            try DynamicsError.requireFinite(from, .from)
            try DynamicsError.requireFinite(to, .to)
            try DynamicsError.requireFinite(options.velocity, .velocity)
            try DynamicsError.requireFinite(options.delay, .delay)
        } catch {
            throw .invalidParameter(error)
        }
        let unknowns = options.solvedFor
        if !unknowns.contains(.from) && !unknowns.contains(.to) && !unknowns.contains(.velocity)
            && from == to && options.velocity == 0
        {
            throw .undetermined(
                reason:
                    "start and target are both held at \(from) and the velocity at 0, so the model cannot move: "
                    + "free the velocity (--free velocity) or give the start or target"
            )
        }

        guard options.maximumDampingRatio > 1, options.maximumDampingRatio.isFinite else {
            throw .invalidParameter(
                .invalidParameter(
                    parameter: .maximumDampingRatio, value: options.maximumDampingRatio,
                    requirement: "a finite number above 1"))
        }

        let startTime = times[0]
        var model = SpringFitModel(
            times: times.map { $0 - startTime }, positions: positions, unknowns: unknowns,
            from: from, to: to, velocity: options.velocity, delay: options.delay)
        let start = SpringFitStart.estimate(model, weights: weights)
        model.delay = start.delay
        let free: Result<SpringFitResult, FitError>
        do {
            free = .success(
                try result(model, start: start.parameters, weights: weights, options: options, startTime: startTime))
        } catch {
            free = .failure(error)
        }
        if case let .success(fit) = free, fit.spring.dampingRatio <= options.maximumDampingRatio { return fit }
        if let bounded = atDampingRatioBound(
            model, start: start.parameters, weights: weights, options: options, startTime: startTime,
            mustBeatStart: (try? free.get()) == nil)
        {
            return bounded
        }
        return try free.get()
    }

    /// The fit with ζ held at ``SpringFitOptions/maximumDampingRatio``, started at the free start's slow
    /// decay rate (ω₀(ζ − √(ζ² − 1)) when overdamped, the envelope's ζω₀ otherwise); nil unless it
    /// converges to a constrained minimum (the residuals do not lean towards a smaller ζ) that fits better
    /// than the start.
    static func atDampingRatioBound(
        _ free: SpringFitModel, start: [Double], weights: [Double]?, options: SpringFitOptions, startTime: Double,
        mustBeatStart: Bool = true
    ) -> SpringFitResult? {
        let bound = options.maximumDampingRatio
        var model = free
        model.heldDampingRatio = bound
        let omega0 = Double.exp(start[0])
        let zeta = Double.exp(start[1])
        let decay = zeta >= 1 ? omega0 / (zeta + (zeta * zeta - 1).squareRoot()) : zeta * omega0
        let boundStart = [Double.log(decay * (bound + (bound * bound - 1).squareRoot()))] + start.dropFirst(2)
        guard let fit = try? result(model, start: boundStart, weights: weights, options: options, startTime: startTime)
        else { return nil }
        // The residuals r and the ln ζ column J of the free model at the solution: the cost Σw·r² falls with
        // a smaller ζ when Σw·r·J > 0.
        var theta = [Double.log((fit.spring.stiffness / fit.spring.mass).squareRoot()), Double.log(bound)]
        for entry in SpringFitUnknowns.ordered where free.unknowns.contains(entry.unknown) {
            switch entry.unknown {
            case .from: theta.append(fit.from)
            case .to: theta.append(fit.to)
            case .velocity: theta.append(fit.velocity)
            default: theta.append(fit.delay)
            }
        }
        let n = free.residualCount
        let p = free.parameterCount
        var residuals = [Double](repeating: 0, count: n)
        var jacobian = [Double](repeating: 0, count: n * p)
        theta.withUnsafeBufferPointer { parameters in
            residuals.withUnsafeMutableBufferPointer { free.residuals(at: parameters, into: $0) }
            jacobian.withUnsafeMutableBufferPointer {
                free.jacobian(at: parameters, into: $0.baseAddress!, rowStride: p)
            }
        }
        var lean = 0.0
        var residualNorm = 0.0
        var columnNorm = 0.0
        for i in 0..<n {
            let w = weights?[i] ?? 1
            lean += w * residuals[i] * jacobian[i * p + 1]
            residualNorm += w * residuals[i] * residuals[i]
            columnNorm += w * jacobian[i * p + 1] * jacobian[i * p + 1]
        }
        let scale = (residualNorm * columnNorm).squareRoot()
        guard lean <= boundGradientTolerance * scale else { return nil }
        // When the free fit failed: better than its start, the best of the scanned springs (ζ up to 4), too.
        // A trace that rings or lingers is fitted far better there than by any first-order approach. (A free
        // fit that converged beyond the bound is evidence enough.)
        guard mustBeatStart else { return fit }
        var startResiduals = [Double](repeating: 0, count: n)
        start.withUnsafeBufferPointer { parameters in
            startResiduals.withUnsafeMutableBufferPointer { free.residuals(at: parameters, into: $0) }
        }
        let startCost = (0..<n).reduce(0.0) { $0 + (weights?[$1] ?? 1) * startResiduals[$1] * startResiduals[$1] }
        guard residualNorm <= startCost else { return nil }
        return fit
    }

    /// Solves `model` from `start` and reports the spring, the motion quantities and their errors.
    static func result(
        _ model: SpringFitModel, start: [Double], weights: [Double]?, options: SpringFitOptions, startTime: Double
    ) throws(FitError) -> SpringFitResult {
        let n = model.residualCount
        let unknowns = model.unknowns
        let solution = try NonlinearLeastSquares.solve(
            model, start: start, weights: weights,
            settings: options.settings, parameterNames: model.parameterNames)
        let values = model.values(solution.parameters)
        let omega0 = Double.exp(solution.parameters[0])
        let zeta = Double.exp(model.logDampingRatio(solution.parameters))
        if !solution.undetermined.isEmpty {
            throw .undetermined(reason: model.degeneracy(solution.undetermined, omega0: omega0, dampingRatio: zeta))
        }
        let spring: Spring
        do {
            spring = try Spring(mass: 1, stiffness: omega0 * omega0, damping: 2 * zeta * omega0)
        } catch {
            throw .undetermined(
                reason: "the fitted spring is out of range (\(error)): the trace may not be a spring's motion")
        }

        // Delta method: gradients of each quantity with respect to (a, b) = (ln ω₀, ln ζ); b has no
        // variance when it was held.
        let p = solution.parameters.count
        let cov = solution.covariance
        let freeRatio = model.heldDampingRatio == nil
        func spread(_ ga: Double, _ gb: Double) -> Double {
            guard freeRatio else { return (ga * ga * cov[0]).squareRoot() }
            return (ga * ga * cov[0] + 2 * ga * gb * cov[1] + gb * gb * cov[p + 1]).squareRoot()
        }
        func motionError(_ unknown: SpringFitUnknowns) -> Double? {
            model.index(of: unknown).map { solution.standardError($0) }
        }
        let k = spring.stiffness
        let c = spring.damping
        let response = spring.response
        let errors = SpringFitStandardErrors(
            stiffness: spread(2 * k, 0), damping: spread(c, c), dampingRatio: spread(0, zeta),
            response: spread(-response, 0), bounce: spread(0, zeta <= 1 ? -zeta : -1 / zeta),
            from: motionError(.from), to: motionError(.to), velocity: motionError(.velocity), delay: motionError(.delay)
        )
        // τ = (ζ + √(ζ² − 1))/ω₀: ∂τ/∂a = −τ and ∂τ/∂b = ζ·∂τ/∂ζ = τ·ζ/√(ζ² − 1), unbounded at ζ = 1.
        let timeConstantError = SpringFitResult.timeConstant(of: spring).map { tau in
            zeta > 1 || !freeRatio
                ? spread(-tau, zeta > 1 ? tau * zeta / (zeta * zeta - 1).squareRoot() : 0) : .infinity
        }

        var weightedSquares = 0.0
        var weightSum = 0.0
        for i in 0..<n {
            let w = weights?[i] ?? 1
            weightedSquares += w * solution.residuals[i] * solution.residuals[i]
            weightSum += w
        }
        return SpringFitResult(
            spring: spring, from: values.from, to: values.to, velocity: values.velocity,
            delay: values.delay, unknowns: unknowns, standardErrors: errors,
            rmsResidual: (weightedSquares / weightSum).squareRoot(), iterations: solution.iterations,
            points: n, startTime: startTime, residuals: solution.residuals.map { -$0 },
            covariance: solution.covariance,
            limit: model.heldDampingRatio.map { .dampingRatioBound($0) },
            timeConstantStandardError: timeConstantError ?? .nan)
    }
}

/// The checks the spring fit makes on its input arrays.
enum SpringFitData {
    static func validate(times: [Double], positions: [Double], weights: [Double]?) throws(FitError) {
        guard times.count == positions.count, weights.map({ $0.count == times.count }) ?? true else {
            throw .invalidParameter(
                .invalidParameter(
                    parameter: "positions.count", value: Double(positions.count),
                    requirement: "equal to times.count (\(times.count)) and weights.count"))
        }
        guard times.count >= SpringFit.minimumPoints else {
            throw .undetermined(reason: "\(times.count) points: a spring fit needs at least \(SpringFit.minimumPoints)")
        }
        for i in times.indices {
            try FitData.check(times[i], "point \(i + 1)'s time")
            try FitData.check(positions[i], "point \(i + 1)'s position")
            if i > 0 && times[i] < times[i - 1] {
                throw .invalidData(
                    reason:
                        "point \(i + 1) has time \(times[i]), "
                        + "before the previous point's \(times[i - 1]): sort the trace by time"
                )
            }
            if let w = weights?[i] {
                try FitData.check(w, "point \(i + 1)'s weight")
                guard w >= 0 else {
                    throw .invalidData(reason: "point \(i + 1) has weight \(w): weights must be ≥ 0")
                }
            }
        }
        let span = times[times.count - 1] - times[0]
        guard span > 0 else {
            throw .undetermined(reason: "every point has time \(times[0]): the trace must span some time")
        }
        guard FitData.spanLimits.contains(span) else {
            throw .invalidData(
                reason: "the trace spans \(span) s: a spring fit needs 1e-06 to 1e+06 s; give times in seconds")
        }
        guard let low = positions.min(), let high = positions.max(), high > low else {
            throw .undetermined(
                reason: "the position never changes (every point is at \(positions[0])): nothing to fit")
        }
    }
}

/// The residuals and Jacobian of the spring fit over the parameter vector
/// θ = (ln ω₀, ln ζ, then each free motion quantity in ``SpringFitUnknowns/ordered`` order); with
/// ``heldDampingRatio`` set, ln ζ is held there and left out of θ.
struct SpringFitModel: LeastSquaresModel {
    /// Times counted from the first point.
    let times: [Double]
    let positions: [Double]
    let unknowns: SpringFitUnknowns
    var from: Double
    var to: Double
    var velocity: Double
    var delay: Double
    /// ζ when held (the fit at its bound); nil: solved for.
    var heldDampingRatio: Double? = nil

    var residualCount: Int { times.count }
    /// ln ω₀, and ln ζ unless held.
    var springParameterCount: Int { heldDampingRatio == nil ? 2 : 1 }
    var parameterCount: Int { springParameterCount + unknowns.rawValue.nonzeroBitCount }

    var parameterNames: [String] {
        ["response"] + (heldDampingRatio == nil ? ["damping_ratio"] : [])
            + SpringFitUnknowns.ordered.filter { unknowns.contains($0.unknown) }.map(\.name)
    }

    /// ln ζ at θ.
    func logDampingRatio<Parameters: RandomAccessCollection<Double>>(_ theta: Parameters) -> Double
    where Parameters.Index == Int {
        heldDampingRatio.map { Double.log($0) } ?? theta[theta.startIndex + 1]
    }

    /// Why the parameters at `indices` are not determined, in the terms of the motion.
    func degeneracy(_ indices: [Int], omega0: Double, dampingRatio zeta: Double) -> String {
        let names = indices.map { parameterNames[$0] }
        // An overdamped spring's fast mode decays at ω₀(ζ + √(ζ² − 1)); over within a frame, the trace shows
        // one exponential, and the spring's two parameters and the velocity trade off along it.
        let frame = times[times.count - 1] / Double(times.count - 1)
        if zeta > 1 && omega0 * (zeta + (zeta * zeta - 1).squareRoot()) * frame > 1 {
            return
                "the fit drifted to damping ratio \(zeta), whose fast part is over within a frame: "
                + "the trace looks like a single exponential approach, which many overdamped springs "
                + "(and initial velocities) reproduce; record at a higher frame rate, or hold the velocity"
        }
        if let velocity = index(of: .velocity), let delay = index(of: .delay),
            indices.contains(velocity) || indices.contains(delay)
        {
            return
                "velocity and delay cannot both be determined: for a motion that starts from rest, "
                + "starting a little later looks the same as starting with a little velocity; free only one of them"
        }
        if indices.contains(where: { $0 < springParameterCount }) {
            // The response and damping ratio are always fitted: they cannot be held, only measured better.
            return
                "the fit drifted to damping ratio \(zeta), where \(names.joined(separator: " and ")) "
                + "no longer \(names.count == 1 ? "changes" : "change") the trace: the recording does not show "
                + "enough of the motion's decay to measure it; record until the motion settles"
        }
        return
            "\(names.joined(separator: " and ")) \(names.count == 1 ? "has" : "have") "
            + "no effect of \(names.count == 1 ? "its" : "their") own on the trace at the solution: "
            + "hold \(names.count == 1 ? "it" : "them") fixed or record more of the motion"
    }

    /// θ's index of a free motion quantity.
    func index(of unknown: SpringFitUnknowns) -> Int? {
        guard unknowns.contains(unknown) else { return nil }
        var index = springParameterCount
        for entry in SpringFitUnknowns.ordered {
            if entry.unknown == unknown { return index }
            if unknowns.contains(entry.unknown) { index += 1 }
        }
        return nil
    }

    /// The motion quantities θ gives (fixed ones from the model).
    func values<Parameters: RandomAccessCollection<Double>>(_ theta: Parameters) -> (
        from: Double, to: Double, velocity: Double, delay: Double
    )
    where Parameters.Index == Int {
        var result = (from: from, to: to, velocity: velocity, delay: delay)
        var index = theta.startIndex + springParameterCount
        if unknowns.contains(.from) {
            result.from = theta[index]
            index += 1
        }
        if unknowns.contains(.to) {
            result.to = theta[index]
            index += 1
        }
        if unknowns.contains(.velocity) {
            result.velocity = theta[index]
            index += 1
        }
        if unknowns.contains(.delay) { result.delay = theta[index] }
        return result
    }

    static func position(spring: Spring, from: Double, to: Double, velocity: Double, tau: Double) -> Double {
        guard tau > 0 else { return from }
        return to + spring.coefficients.state(from: from - to, velocity, after: tau).displacement
    }

    func residuals(at parameters: UnsafeBufferPointer<Double>, into residuals: UnsafeMutableBufferPointer<Double>) {
        let omega0 = Double.exp(parameters[0])
        let lambda = Double.exp(logDampingRatio(parameters)) * omega0
        let k = SpringResponseSensitivity(omega0Squared: omega0 * omega0, lambda: lambda).coefficients
        let v = values(parameters)
        let x0 = v.from - v.to
        for i in times.indices {
            let tau = times[i] - v.delay
            let model: Double
            if tau > 0 {
                let (c, s) = k.dampedBasis(at: tau)
                model = v.to + x0 * c + (v.velocity + lambda * x0) * s
            } else {
                model = v.from
            }
            residuals[i] = model - positions[i]
        }
    }

    func jacobian(
        at parameters: UnsafeBufferPointer<Double>, into jacobian: UnsafeMutablePointer<Double>, rowStride: Int
    ) {
        let omega0 = Double.exp(parameters[0])
        let omega0Squared = omega0 * omega0
        let lambda = Double.exp(logDampingRatio(parameters)) * omega0
        let sensitivity = SpringResponseSensitivity(omega0Squared: omega0Squared, lambda: lambda)
        let v = values(parameters)
        let x0 = v.from - v.to
        let fromColumn = index(of: .from)
        let toColumn = index(of: .to)
        let velocityColumn = index(of: .velocity)
        let delayColumn = index(of: .delay)
        for i in times.indices {
            let row = jacobian + i * rowStride
            let tau = times[i] - v.delay
            guard tau > 0 else {
                for j in 0..<parameterCount { row[j] = 0 }
                if let fromColumn { row[fromColumn] = 1 }
                continue
            }
            let b = sensitivity.basis(at: tau)
            let slope = v.velocity + lambda * x0
            // ∂x/∂λ at fixed ω₀² and ∂x/∂ω₀² at fixed λ; then (a, b) = (ln ω₀, ln ζ):
            // λ = e^(a+b), ω₀² = e^(2a).
            let dLambda = x0 * b.cLambda + slope * b.sLambda + x0 * b.s
            let dOmegaSquared = x0 * b.cOmega + slope * b.sOmega
            row[0] = 2 * omega0Squared * dOmegaSquared + lambda * dLambda
            if heldDampingRatio == nil { row[1] = lambda * dLambda }
            if let fromColumn { row[fromColumn] = b.c + lambda * b.s }
            if let toColumn { row[toColumn] = 1 - b.c - lambda * b.s }
            if let velocityColumn { row[velocityColumn] = b.s }
            if let delayColumn {
                // ∂x/∂delay = −x′(τ), x′ = v₀E_C − (ω₀²x₀ + λv₀)E_S.
                row[delayColumn] = -(v.velocity * b.c - (omega0Squared * x0 + lambda * v.velocity) * b.s)
            }
        }
    }
}
