import PopSimPlatform

/// The rubber-band laws PopSim knows, as families a recording can be fitted to.
public enum RubberBandFamily: String, Sendable, CaseIterable {
    /// sgn(x)·|x|·c·d/(d + c·|x|): slope c at 0, approaching d. UIScrollView's band (c = 0.55, d the view's
    /// length; ``ScrollViewRubberBand``) and LNPopupController's snap band (c the snap percent, d the
    /// container height; ``SnapRubberBand``) are this curve.
    case hyperbolic
    /// sgn(x)·s·|x|^k: aheze/Popovers' drag resistance with s = 1, k = 0.7 (``PowerRubberBand``).
    case power
}

/// A known library configuration of a rubber-band family, for naming what a fit is closest to.
public enum KnownRubberBand: String, Sendable, CaseIterable {
    /// UIScrollView: hyperbolic with c = 0.55.
    case uiScrollView = "uiscrollview"
    /// LNPopupController's snap style: hyperbolic with c = the default `popupSnapPercent`, 0.32.
    case lnPopupControllerSnap = "lnpopupcontroller-snap"
    /// aheze/Popovers: power law with s = 1, k = 0.7.
    case popovers

    public var family: RubberBandFamily {
        switch self {
        case .uiScrollView, .lnPopupControllerSnap: return .hyperbolic
        case .popovers: return .power
        }
    }

    /// The family's two parameters in this configuration: (c, nil) for the hyperbolic ones, whose d is the
    /// view's own dimension; (s, k) for the power law.
    public var parameters: (first: Double, second: Double?) {
        switch self {
        case .uiScrollView: return (0.55, nil)
        case .lnPopupControllerSnap: return (0.32, nil)
        case .popovers: return (1, PowerRubberBand.popovers.exponent)
        }
    }
}

/// One family fitted to a recording. `first`/`second` are (c, d) for the hyperbolic family and (s, k)
/// for the power law.
public struct RubberBandFitResult: Sendable {
    public let family: RubberBandFamily
    public let first: Double
    public let second: Double
    public let firstStandardError: Double
    /// 0 when the second parameter was given (the hyperbolic family's d through `dimension`).
    public let secondStandardError: Double
    /// √(mean of (offset − fitted)²), in points.
    public let rmsResidual: Double
    public let iterations: Int
    /// The known configuration of this family nearest to the fit: by |ln(c/c₀)| for the hyperbolic family
    /// (d is the view's own size, not a constant of the library); the power law has one, Popovers'.
    public let closest: KnownRubberBand
    /// Offset minus fitted offset at each point.
    public let residuals: [Double]

    /// The fitted displayed offset for a pull.
    public func offset(forPull pull: Double) -> Double {
        RubberBandFit.displayed(family, first, second, pull)
    }
}

/// Fits the rubber-band families to a recorded over-drag: the finger's translation past the limit
/// (`pulls`) against the content's displayed offset (`offsets`). Both laws are odd in the pull, so
/// recordings in either direction (or both) fit. Each family is a two-parameter nonlinear least-squares
/// problem in (ln p₁, ln p₂), keeping both positive, solved by ``NonlinearLeastSquares`` with the analytic
/// Jacobian from a start found by linearising the law:
///
/// - hyperbolic: 1/y = (1/c)(1/x) + 1/d, solved as y ≈ (1/c)·y²/x + (1/d)·y² (the y² factor keeps points
///   near 0 from dominating);
/// - power: ln|y| = ln s + k·ln|x| by linear least squares.
public enum RubberBandFit {
    public static let minimumPoints = 5

    /// Every family, best (smallest `rmsResidual`) first; ties keep ``RubberBandFamily/allCases`` order.
    /// - Parameter dimension: d of the hyperbolic family when known (the view's or container's size in
    ///   points); nil fits it.
    public static func fit(
        pulls: [Double], offsets: [Double], dimension: Double? = nil,
        settings: FitSettings = FitSettings()
    ) throws(FitError) -> [RubberBandFitResult] {
        var results: [RubberBandFitResult] = []
        for family in RubberBandFamily.allCases {
            results.append(try fit(family, pulls: pulls, offsets: offsets, dimension: dimension, settings: settings))
        }
        return results.enumerated().sorted { a, b in
            a.element.rmsResidual != b.element.rmsResidual
                ? a.element.rmsResidual < b.element.rmsResidual : a.offset < b.offset
        }.map(\.element)
    }

    public static func fit(
        _ family: RubberBandFamily, pulls: [Double], offsets: [Double], dimension: Double? = nil,
        settings: FitSettings = FitSettings()
    ) throws(FitError) -> RubberBandFitResult {
        try validate(pulls: pulls, offsets: offsets)
        if let dimension {
            do { try DynamicsError.requirePositive(dimension, .dimension) } catch { throw .invalidParameter(error) }
        }
        let fixedSecond = family == .hyperbolic ? dimension : nil
        let model = RubberBandFitModel(family: family, pulls: pulls, offsets: offsets, fixedSecond: fixedSecond)
        let start = startingPoint(family, pulls: pulls, offsets: offsets, fixedSecond: fixedSecond)
        let names = family == .hyperbolic ? ["c", "d"] : ["s", "k"]
        let solution = try NonlinearLeastSquares.solve(
            model, start: fixedSecond == nil ? start : [start[0]], weights: nil,
            settings: settings, parameterNames: fixedSecond == nil ? names : [names[0]])
        let first = Double.exp(solution.parameters[0])
        let second = fixedSecond ?? Double.exp(solution.parameters[1])
        if !solution.undetermined.isEmpty {
            if family == .hyperbolic && solution.undetermined == [1] {
                throw .undetermined(
                    reason:
                        "the hyperbolic band's d cannot be determined (the fit drifted to d = \(second)): "
                        + "the offsets do not bend toward a limit over the recorded pulls; "
                        + "give the view's size with --dimension"
                )
            }
            let names = solution.undetermined.map { names[$0] }.joined(separator: " and ")
            throw .undetermined(
                reason:
                    "the \(family.rawValue) band's \(names) "
                    + "cannot be determined from these points: record a longer over-drag"
            )
        }
        // d(e^θ) = e^θ·dθ.
        let firstError = first * solution.standardError(0)
        let secondError = fixedSecond == nil ? second * solution.standardError(1) : 0
        let squares = solution.residuals.reduce(0) { $0 + $1 * $1 }
        let closest: KnownRubberBand = KnownRubberBand.allCases.filter { $0.family == family }.min { a, b in
            abs(Double.log(first / a.parameters.first)) < abs(Double.log(first / b.parameters.first))
        }!
        return RubberBandFitResult(
            family: family, first: first, second: second, firstStandardError: firstError,
            secondStandardError: secondError, rmsResidual: (squares / Double(pulls.count)).squareRoot(),
            iterations: solution.iterations, closest: closest, residuals: solution.residuals.map { -$0 })
    }

    static func displayed(_ family: RubberBandFamily, _ first: Double, _ second: Double, _ pull: Double) -> Double {
        let x = abs(pull)
        let y: Double
        switch family {
        case .hyperbolic: y = x * first * second / (second + first * x)
        case .power: y = first * Double.pow(x, second)
        }
        return pull < 0 ? -y : y
    }

    static func validate(pulls: [Double], offsets: [Double]) throws(FitError) {
        guard pulls.count == offsets.count else {
            throw .invalidParameter(
                .invalidParameter(
                    parameter: "offsets.count", value: Double(offsets.count),
                    requirement: "equal to pulls.count (\(pulls.count))"))
        }
        guard pulls.count >= minimumPoints else {
            throw .undetermined(reason: "\(pulls.count) points: a rubber-band fit needs at least \(minimumPoints)")
        }
        for i in pulls.indices {
            try FitData.check(pulls[i], "point \(i + 1)'s finger")
            try FitData.check(offsets[i], "point \(i + 1)'s offset")
        }
        guard pulls.contains(where: { $0 != 0 }) else {
            throw .undetermined(
                reason: "the finger never moves past the limit (every finger value is 0): record an over-drag")
        }
        guard offsets.contains(where: { $0 != 0 }) else {
            throw .undetermined(reason: "the offset is 0 at every point: nothing to fit")
        }
        // Both laws move the content with the finger; the starting points need two such points.
        guard pulls.indices.filter({ pulls[$0] * offsets[$0] > 0 }).count >= 2 else {
            throw .undetermined(
                reason:
                    "fewer than 2 points have the offset in the finger's direction: "
                    + "a rubber band moves the content with the finger; check the signs of the columns"
            )
        }
    }

    /// The linearised fits described on ``RubberBandFit``, in (ln p₁, ln p₂).
    static func startingPoint(_ family: RubberBandFamily, pulls: [Double], offsets: [Double], fixedSecond: Double?)
        -> [Double]
    {
        // Points where the offset follows the pull's sign and neither is 0.
        let usable = pulls.indices.filter { pulls[$0] != 0 && offsets[$0] != 0 && (pulls[$0] > 0) == (offsets[$0] > 0) }
        let xs = usable.map { abs(pulls[$0]) }
        let ys = usable.map { abs(offsets[$0]) }
        let largest = ys.max() ?? 1
        switch family {
        case .hyperbolic:
            // y ≈ a·(y²/x) + b·y², a = 1/c, b = 1/d.
            var a = 0.0
            var b = 0.0
            if let (u, v) = twoColumnLeastSquares(xs.indices.map { ys[$0] * ys[$0] / xs[$0] }, ys.map { $0 * $0 }, ys) {
                (a, b) = (u, v)
            }
            if let fixedSecond { b = 1 / fixedSecond }
            let c = a > 0 ? 1 / a : (zip(ys, xs).map { $0 / $1 }.max() ?? 1)
            let d = fixedSecond ?? (b > 0 ? 1 / b : 100 * largest)
            return [Double.log(c), Double.log(d)]
        case .power:
            let lx = xs.map { Double.log($0) }
            let ly = ys.map { Double.log($0) }
            guard let (intercept, slope) = twoColumnLeastSquares(lx.map { _ in 1 }, lx, ly), slope > 0 else {
                return [0, Double.log(PowerRubberBand.popovers.exponent)]
            }
            return [intercept, Double.log(slope)]
        }
    }

    /// min Σ(y − u·a − v·b)² for two columns; nil when they are (nearly) dependent or there are < 2 rows.
    static func twoColumnLeastSquares(_ a: [Double], _ b: [Double], _ y: [Double]) -> (Double, Double)? {
        guard a.count >= 2 else { return nil }
        var aa = 0.0
        var ab = 0.0
        var bb = 0.0
        var ay = 0.0
        var by = 0.0
        for i in a.indices {
            aa += a[i] * a[i]
            ab += a[i] * b[i]
            bb += b[i] * b[i]
            ay += a[i] * y[i]
            by += b[i] * y[i]
        }
        let determinant = aa * bb - ab * ab
        guard determinant > 1e-12 * aa * bb, determinant.isFinite else { return nil }
        return ((ay * bb - by * ab) / determinant, (by * aa - ay * ab) / determinant)
    }
}

/// Residuals and Jacobian of one rubber-band family over θ = (ln p₁[, ln p₂]).
struct RubberBandFitModel: LeastSquaresModel {
    let family: RubberBandFamily
    let pulls: [Double]
    let offsets: [Double]
    let fixedSecond: Double?

    var residualCount: Int { pulls.count }
    var parameterCount: Int { fixedSecond == nil ? 2 : 1 }

    func residuals(at parameters: UnsafeBufferPointer<Double>, into residuals: UnsafeMutableBufferPointer<Double>) {
        let first = Double.exp(parameters[0])
        let second = fixedSecond ?? Double.exp(parameters[1])
        for i in pulls.indices {
            residuals[i] = RubberBandFit.displayed(family, first, second, pulls[i]) - offsets[i]
        }
    }

    func jacobian(
        at parameters: UnsafeBufferPointer<Double>, into jacobian: UnsafeMutablePointer<Double>, rowStride: Int
    ) {
        let first = Double.exp(parameters[0])
        let second = fixedSecond ?? Double.exp(parameters[1])
        for i in pulls.indices {
            let x = abs(pulls[i])
            let sign: Double = pulls[i] < 0 ? -1 : 1
            let row = jacobian + i * rowStride
            switch family {
            case .hyperbolic:
                // y = c·d·x/(d + c·x): ∂y/∂c = d²x/(d + cx)², ∂y/∂d = c²x²/(d + cx)²;
                // times c and d for ln c, ln d.
                let denominator = (second + first * x) * (second + first * x)
                row[0] = sign * first * second * second * x / denominator
                if fixedSecond == nil { row[1] = sign * second * first * first * x * x / denominator }
            case .power:
                // y = s·x^k: ∂y/∂ln s = y, ∂y/∂ln k = k·y·ln x (→ 0 as x → 0).
                let y = first * Double.pow(x, second)
                row[0] = sign * y
                if fixedSecond == nil { row[1] = x > 0 ? sign * second * y * Double.log(x) : 0 }
            }
        }
    }
}
