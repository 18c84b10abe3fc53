import CPopSimGSL

/// A nonlinear least-squares problem: n residuals rᵢ(θ) = modelᵢ(θ) − observationᵢ of p parameters θ,
/// with their analytic Jacobian. Weights are applied by the solver, not by the model.
protocol LeastSquaresModel {
    var residualCount: Int { get }
    var parameterCount: Int { get }
    /// Writes the n residuals at θ. Non-finite values are allowed: the solver treats them as a very large
    /// cost, so the trust region rejects the step that produced them.
    func residuals(at parameters: UnsafeBufferPointer<Double>, into residuals: UnsafeMutableBufferPointer<Double>)
    /// Writes ∂rᵢ/∂θⱼ at θ into `jacobian[i * rowStride + j]`.
    func jacobian(
        at parameters: UnsafeBufferPointer<Double>, into jacobian: UnsafeMutablePointer<Double>, rowStride: Int)
}

/// When the solver stops.
public struct FitSettings: Sendable, Hashable {
    /// Most trust-region iterations before the fit counts as not converged.
    public var maximumIterations: Int
    /// The step test: stop when every |δθⱼ| ≤ xtol·(1 + |θⱼ|).
    public var stepTolerance: Double
    /// GSL's gradient test: stop when maxⱼ |gⱼ·max(θⱼ, 1)| ≤ gtol·max(½‖r‖², 1).
    public var gradientTolerance: Double

    /// 200 iterations; xtol 1e-10 and gtol 1e-10, tighter than GSL's suggested 1e-8 and ε^(1/3), so the
    /// reported standard errors are not limited by where the solver stopped.
    public init(maximumIterations: Int = 200, stepTolerance: Double = 1e-10, gradientTolerance: Double = 1e-10) {
        self.maximumIterations = maximumIterations
        self.stepTolerance = stepTolerance
        self.gradientTolerance = gradientTolerance
    }

    /// The command line's ceiling on `maximumIterations`: each iteration costs a few model evaluations over
    /// every point, so this bounds the work a fit can do.
    public static let iterationLimit = 100_000

    func validate() throws(FitError) {
        do {
            try DynamicsError.require(
                maximumIterations >= 1 && maximumIterations <= Self.iterationLimit, .maximumIterations,
                Double(maximumIterations), "in 1…\(Self.iterationLimit)")
            try DynamicsError.requirePositive(stepTolerance, .stepTolerance)
            try DynamicsError.requirePositive(gradientTolerance, .gradientTolerance)
        } catch {
            throw .invalidParameter(error)
        }
    }
}

/// What the solver found: the parameters at the minimum and their covariance.
struct LeastSquaresSolution {
    let parameters: [Double]
    /// p×p, row-major: s²·(JᵀWJ)⁻¹ at the solution, with s² = χ²/(n − p) the residual variance per unit
    /// weight (n counts the points of positive weight). The weights are taken as relative (their scale does not change
    /// the standard errors), the usual choice when the noise level of a recording is unknown.
    let covariance: [Double]
    /// χ² = Σ wᵢ·rᵢ² at the solution.
    let chiSquared: Double
    /// Unweighted residuals rᵢ at the solution.
    let residuals: [Double]
    let iterations: Int
    /// Parameters whose Jacobian column is a combination of the others at the solution (|Rₖₖ| ≤
    /// ``NonlinearLeastSquares/rankTolerance``·|R₀₀| in the pivoted QR of J): the data do not determine
    /// them, and their covariance is meaningless. The caller says why in its own terms.
    let undetermined: [Int]

    func standardError(_ index: Int) -> Double {
        covariance[index * parameters.count + index].squareRoot()
    }
}

/// Nonlinear least squares with GSL's `gsl_multifit_nlinear`: the trust-region method with the
/// Levenberg–Marquardt subproblem and geodesic acceleration (`gsl_multifit_nlinear_trs_lmaccel`;
/// ampl/gsl@cf180cd doc/nls.rst:268-314, after Transtrum, Machta and Sethna 2011), Moré's scaling and QR
/// linear solves (GSL's defaults, multifit_nlinear/fdf.c:133-148). The Jacobian is the model's own; the
/// second directional derivative the acceleration needs is left to GSL's finite-difference estimate
/// (`fvv = NULL`, fdf.c:493), which costs one extra model evaluation per iteration.
///
/// The covariance comes from `gsl_multifit_nlinear_covar` (QR with column pivoting of J,
/// multifit_nlinear/covar.c:86-95). A parameter whose Jacobian column is a combination of the others
/// (|Rₖₖ| ≤ 1e-12·|R₀₀|) has no effect on the data of its own; the solution lists it as undetermined
/// instead of giving it a zero or infinite error.
enum NonlinearLeastSquares {
    /// Below this relative size of a pivot of R the Jacobian counts as rank deficient.
    static let rankTolerance = 1e-12
    /// What a non-finite residual becomes: large enough that any step producing it is rejected, small
    /// enough that its square summed over millions of points stays finite.
    static let nonFiniteResidual = 1e100

    static func solve<Model: LeastSquaresModel>(
        _ model: Model, start: [Double], weights: [Double]?, settings: FitSettings, parameterNames: [String]
    ) throws(FitError) -> LeastSquaresSolution {
        try settings.validate()
        let n = model.residualCount
        let p = model.parameterCount
        precondition(start.count == p && parameterNames.count == p && (weights?.count ?? n) == n)
        // Points of weight 0 stay in the arrays but carry no information.
        let informative = weights.map { $0.lazy.filter { $0 > 0 }.count } ?? n
        guard informative > p else {
            throw .undetermined(
                reason:
                    "\(informative) points for \(p) unknowns (\(parameterNames.joined(separator: ", "))): "
                    + "at least \(p + 1) are needed"
            )
        }
        GSLRuntime.prepare()

        let context = LeastSquaresContext(
            residuals: { theta, r in
                let residuals = UnsafeMutableBufferPointer(start: r, count: n)
                model.residuals(at: UnsafeBufferPointer(start: theta, count: p), into: residuals)
                for i in 0..<n where !residuals[i].isFinite { residuals[i] = nonFiniteResidual }
            },
            jacobian: { theta, j, stride in
                model.jacobian(at: UnsafeBufferPointer(start: theta, count: p), into: j, rowStride: stride)
                for i in 0..<n {
                    for k in 0..<p where !j[i * stride + k].isFinite { return false }
                }
                return true
            })

        var parameters = gsl_multifit_nlinear_default_parameters()
        parameters.trs = cgsl_multifit_nlinear_trs_lmaccel()
        guard let workspace = gsl_multifit_nlinear_alloc(cgsl_multifit_nlinear_trust(), &parameters, n, p) else {
            throw .solver(GSLError(code: Int32(GSL_ENOMEM), function: "gsl_multifit_nlinear_alloc"))
        }
        defer { gsl_multifit_nlinear_free(workspace) }
        guard let x0 = gsl_vector_alloc(p) else {
            throw .solver(GSLError(code: Int32(GSL_ENOMEM), function: "gsl_vector_alloc"))
        }
        defer { gsl_vector_free(x0) }
        for (j, value) in start.enumerated() { gsl_vector_set(x0, j, value) }
        var weightVector: UnsafeMutablePointer<gsl_vector>?
        if let weights {
            guard let vector = gsl_vector_alloc(n) else {
                throw .solver(GSLError(code: Int32(GSL_ENOMEM), function: "gsl_vector_alloc"))
            }
            for (i, w) in weights.enumerated() { gsl_vector_set(vector, i, w) }
            weightVector = vector
        }
        defer { if let weightVector { gsl_vector_free(weightVector) } }

        let fdf = UnsafeMutablePointer<gsl_multifit_nlinear_fdf>.allocate(capacity: 1)
        defer { fdf.deallocate() }
        fdf.initialize(
            to: gsl_multifit_nlinear_fdf(
                f: leastSquaresResidualTrampoline, df: leastSquaresJacobianTrampoline, fvv: nil, n: n, p: p,
                params: Unmanaged.passUnretained(context).toOpaque(), nevalf: 0, nevaldf: 0, nevalfvv: 0))

        let status: Int32 = withExtendedLifetime(context) {
            let status = gsl_multifit_nlinear_winit(x0, weightVector, fdf, workspace)
            guard status == GSL_SUCCESS else { return status }
            return iterate(workspace, settings)
        }
        let iterations = Int(gsl_multifit_nlinear_niter(workspace))
        switch status {
        case Int32(GSL_SUCCESS): break
        case Int32(GSL_EMAXITER): throw .notConverged(iterations: iterations)
        default: throw .solver(GSLError(code: status, function: "gsl_multifit_nlinear_driver"))
        }

        let x = gsl_multifit_nlinear_position(workspace)!
        let solution = (0..<p).map { gsl_vector_get(x, $0) }
        let f = gsl_multifit_nlinear_residual(workspace)!
        var chiSquared = 0.0
        for i in 0..<n {
            let value = gsl_vector_get(f, i)
            chiSquared += value * value
        }
        guard chiSquared.isFinite, solution.allSatisfy(\.isFinite) else {
            throw .solver(GSLError(code: Int32(GSL_EBADFUNC), function: "gsl_multifit_nlinear_driver"))
        }

        guard let covariance = gsl_matrix_alloc(p, p) else {
            throw .solver(GSLError(code: Int32(GSL_ENOMEM), function: "gsl_matrix_alloc"))
        }
        defer { gsl_matrix_free(covariance) }
        let covarianceStatus = gsl_multifit_nlinear_covar(
            gsl_multifit_nlinear_jac(workspace), rankTolerance, covariance)
        guard covarianceStatus == GSL_SUCCESS else {
            throw .solver(GSLError(code: covarianceStatus, function: "gsl_multifit_nlinear_covar"))
        }
        let scale = chiSquared / Double(informative - p)
        var matrix = [Double](repeating: 0, count: p * p)
        for row in 0..<p {
            for column in 0..<p { matrix[row * p + column] = gsl_matrix_get(covariance, row, column) * scale }
        }
        let undetermined = (0..<p).filter { j in
            let variance = gsl_matrix_get(covariance, j, j)
            return !(variance > 0 && variance.isFinite)
        }

        // Unweighted residuals: GSL stores √wᵢ·rᵢ.
        var residuals = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let value = gsl_vector_get(f, i)
            if let weights {
                residuals[i] = weights[i] > 0 ? value / weights[i].squareRoot() : 0
            } else {
                residuals[i] = value
            }
        }
        if let weights {
            // Zero-weight points do not enter the fit; report what the model says about them anyway.
            var full = [Double](repeating: 0, count: n)
            solution.withUnsafeBufferPointer { theta in
                full.withUnsafeMutableBufferPointer { model.residuals(at: theta, into: $0) }
            }
            for i in 0..<n where weights[i] == 0 { residuals[i] = full[i] }
        }
        return LeastSquaresSolution(
            parameters: solution, covariance: matrix, chiSquared: chiSquared,
            residuals: residuals, iterations: iterations, undetermined: undetermined)
    }
}

extension NonlinearLeastSquares {
    /// GSL's driver loop (`gsl_multifit_nlinear_driver`, ampl/gsl@cf180cd multifit_nlinear/fdf.c:259-323)
    /// with one change to its step test. GSL stops when every |δθⱼ| < xtol² + xtol·|θⱼ|
    /// (multifit_nlinear/convergence.c:59, doc/nls.rst:1165); for a parameter that converges to 0, such as
    /// ln ζ of a critically damped spring or a start at 0, that asks for |δθ| < 1e-20 and is never met at
    /// the noise floor of exact data, where the gradient test (scaled by max(Φ, 1) = 1) fails too. This
    /// test is the one the header comment of convergence.c:35 states, |δθⱼ| ≤ xtol·(1 + |θⱼ|), which suits
    /// parameters of order 1 (logarithms) or in points, points per second and seconds. The gradient test
    /// is GSL's.
    ///
    /// As in GSL's driver (fdf.c:291), "no step lowered the cost" (GSL_ENOPROG, after more than 15 rejected
    /// trust regions, trust.c:406) on the first iteration means the start is already a minimum to working
    /// precision; later it only resets the damping parameter, and iteration goes on.
    static func iterate(_ workspace: UnsafeMutablePointer<gsl_multifit_nlinear_workspace>, _ settings: FitSettings)
        -> Int32
    {
        for iteration in 1...settings.maximumIterations {
            let status = gsl_multifit_nlinear_iterate(workspace)
            if status == GSL_ENOPROG && iteration == 1 { return Int32(GSL_SUCCESS) }
            guard status == GSL_SUCCESS || status == GSL_ENOPROG else { return status }
            let x = workspace.pointee.x!
            let dx = workspace.pointee.dx!
            var small = true
            for j in 0..<x.pointee.size
            where abs(gsl_vector_get(dx, j)) > settings.stepTolerance * (1 + abs(gsl_vector_get(x, j))) {
                small = false
                break
            }
            if small { return Int32(GSL_SUCCESS) }
            var info: Int32 = 0
            // With xtol 0 only the gradient test can pass.
            if gsl_multifit_nlinear_test(0, settings.gradientTolerance, 0, &info, workspace) == GSL_SUCCESS {
                return Int32(GSL_SUCCESS)
            }
        }
        return Int32(GSL_EMAXITER)
    }
}

/// The callbacks GSL calls, behind its `params` pointer. The closures are formed in the generic
/// `solve`, so they are specialised for the concrete model.
private final class LeastSquaresContext {
    let residuals: (UnsafePointer<Double>, UnsafeMutablePointer<Double>) -> Void
    let jacobian: (UnsafePointer<Double>, UnsafeMutablePointer<Double>, Int) -> Bool

    init(
        residuals: @escaping (UnsafePointer<Double>, UnsafeMutablePointer<Double>) -> Void,
        jacobian: @escaping (UnsafePointer<Double>, UnsafeMutablePointer<Double>, Int) -> Bool
    ) {
        self.residuals = residuals
        self.jacobian = jacobian
    }
}

private func leastSquaresResidualTrampoline(
    _ x: UnsafePointer<gsl_vector>?, _ params: UnsafeMutableRawPointer?,
    _ f: UnsafeMutablePointer<gsl_vector>?
) -> Int32 {
    guard let x, let params, let f, x.pointee.stride == 1, f.pointee.stride == 1 else { return Int32(GSL_EBADFUNC) }
    Unmanaged<LeastSquaresContext>.fromOpaque(params)._withUnsafeGuaranteedRef { context in
        context.residuals(UnsafePointer(x.pointee.data), f.pointee.data)
    }
    return Int32(GSL_SUCCESS)
}

private func leastSquaresJacobianTrampoline(
    _ x: UnsafePointer<gsl_vector>?, _ params: UnsafeMutableRawPointer?,
    _ j: UnsafeMutablePointer<gsl_matrix>?
) -> Int32 {
    guard let x, let params, let j, x.pointee.stride == 1 else { return Int32(GSL_EBADFUNC) }
    let ok = Unmanaged<LeastSquaresContext>.fromOpaque(params)._withUnsafeGuaranteedRef { context in
        context.jacobian(UnsafePointer(x.pointee.data), j.pointee.data, j.pointee.tda)
    }
    return ok ? Int32(GSL_SUCCESS) : Int32(GSL_EBADFUNC)
}
