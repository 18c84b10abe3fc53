import PopSimGeometry

/// One `DragGesture.onChanged` callback as a SwiftUI app logs it: the value's time (s), `location`,
/// `translation` and `predictedEndTranslation` (pt).
public struct DragGestureLogRow: Sendable, Hashable {
    public var time: Double
    public var location: Point
    public var translation: Vector
    public var predictedEndTranslation: Vector

    public init(time: Double, location: Point, translation: Vector, predictedEndTranslation: Vector) {
        self.time = time
        self.location = location
        self.translation = translation
        self.predictedEndTranslation = predictedEndTranslation
    }

    /// `location − translation`: SwiftUI's `startLocation`, constant within one drag.
    public var startLocation: Point { location - translation }
}

/// SwiftUI's prediction model fitted to a device log: the horizon T and the velocity mix w in
///
///     predictedEndTranslation − translation = T·(w·v₂₁ + (1 − w)·v₃₂),
///
/// v₂₁ and v₃₂ the previous and last segment velocities of the last three samples
/// (``SwiftUIVelocitySampler``; PopSim's defaults T = 0.25 s, w = 0.75).
public struct PredictionFitResult: Sendable, Hashable {
    /// T, seconds.
    public let predictionTime: Double
    public let predictionTimeStandardError: Double
    /// w, the previous segment's share of the velocity.
    public let previousSampleWeight: Double
    public let previousSampleWeightStandardError: Double
    /// √(mean of the squared x and y residuals), in points.
    public let rmsResidual: Double
    /// The log rows the fit used (each gives an x and a y equation).
    public var points: Int { rows.count }
    /// Each used row, in log order.
    public let rows: [PredictionFitRow]
}

/// A log row the prediction fit used: its index in the log (from 0) and the observed and fitted
/// projection, predictedEndTranslation − translation.
public struct PredictionFitRow: Sendable, Hashable {
    public let index: Int
    public let observed: Vector
    public let fitted: Vector
}

/// Why a log cannot be fitted.
public enum PredictionFitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The log cannot determine T and w (too few rows, velocities that never change, no prediction).
    case undetermined(reason: String)
    /// A row no log can contain (non-finite values, time going backwards within a drag).
    case invalidData(reason: String)

    public var description: String {
        switch self {
        case let .undetermined(reason): return "the log cannot determine the prediction model: \(reason)"
        case let .invalidData(reason): return "invalid log: \(reason)"
        }
    }
}

/// Fits the horizon and the velocity mix of SwiftUI's `predictedEndTranslation` to a log of
/// `DragGesture.onChanged` values.
///
/// The model is linear in α = T·w and β = T·(1 − w), so this is ordinary linear least squares (no
/// iteration, no start): every usable row gives two equations, α·v₂₁ + β·v₃₂ = predicted − translation in
/// x and in y, solved by Gram–Schmidt on the two columns. Then T = α + β and w = α/T, with standard errors
/// from s²(AᵀA)⁻¹ (s² = residual sum of squares/(equations − 2)) carried to T and w to first order.
///
/// The segment velocities are rebuilt from the logged translations and times by the same three-sample
/// rule SwiftUI's sampler uses (``SwiftUIVelocitySampler``: a sample at the same time replaces the last).
/// A new drag starts where `location − translation` (SwiftUI's `startLocation`) changes; the first two rows
/// of each drag are skipped, because SwiftUI's sampler may already hold samples from before the first
/// callback, which the log does not show.
public enum PredictionFit {
    public static let minimumPoints = 5
    /// The largest |value| accepted, as for the other fits: beyond any time in seconds or coordinate in
    /// points, and far from overflow in the sums of squares.
    public static let magnitudeLimit = 1e12
    /// A change of `startLocation` larger than this (pt) starts a new drag.
    public static let startLocationTolerance = 0.01
    /// Below this ratio of the second column's norm after removing its part along the first to its own
    /// norm, v₃₂ is a multiple of v₂₁ in every row and T and w cannot be told apart.
    static let independenceTolerance = 1e-9

    public static func fit(_ log: [DragGestureLogRow]) throws(PredictionFitError) -> PredictionFitResult {
        // Columns (v₂₁, v₃₂) and targets, x equations then y equations per row.
        var previous: [Double] = []
        var last: [Double] = []
        var targets: [Double] = []
        var used: [Int] = []
        var sampler = SwiftUIVelocitySampler()
        var rowsInDrag = 0
        var dragStart: Point?
        for (index, row) in log.enumerated() {
            for value in [
                row.time, row.location.x, row.location.y, row.translation.dx, row.translation.dy,
                row.predictedEndTranslation.dx, row.predictedEndTranslation.dy,
            ] where !(value.isFinite && abs(value) <= magnitudeLimit) {
                throw .invalidData(
                    reason:
                        "row \(index + 1) has the value \(value): "
                        + "every value must be a finite number within ±1e12 (seconds and points)"
                )
            }
            let start = row.startLocation
            if let dragStart, abs(start.x - dragStart.x) <= startLocationTolerance,
                abs(start.y - dragStart.y) <= startLocationTolerance
            {
                if row.time < log[index - 1].time {
                    throw .invalidData(
                        reason:
                            "row \(index + 1) has time \(row.time), before the previous row's \(log[index - 1].time) "
                            + "within one drag: log the rows in callback order"
                    )
                }
            } else {
                sampler.reset()
                rowsInDrag = 0
                dragStart = start
            }
            sampler.addSample(time: row.time, location: Point(x: row.translation.dx, y: row.translation.dy))
            rowsInDrag += 1
            guard rowsInDrag >= 3, let (v21, v32) = sampler.segmentVelocities else { continue }
            let projection = row.predictedEndTranslation - row.translation
            previous += [v21.dx, v21.dy]
            last += [v32.dx, v32.dy]
            targets += [projection.dx, projection.dy]
            used.append(index)
        }
        guard used.count >= minimumPoints else {
            throw .undetermined(
                reason:
                    "\(used.count) usable rows (rows with two earlier rows of the same drag): "
                    + "at least \(minimumPoints) are needed"
            )
        }
        guard previous.allSatisfy(\.isFinite), last.allSatisfy(\.isFinite) else {
            throw .undetermined(
                reason: "a segment velocity is not finite (two rows of a drag less than a nanosecond apart?)")
        }

        // Gram–Schmidt: q₁ = a/‖a‖, b′ = b − (q₁·b)q₁, q₂ = b′/‖b′‖;
        // A = QR with R = [[r11, r12], [0, r22]].
        let m = targets.count
        let r11 = norm(previous)
        guard r11 > 0 else {
            throw .undetermined(reason: "the finger never moves between samples: record a drag")
        }
        let q1 = previous.map { $0 / r11 }
        let r12 = dot(q1, last)
        let orthogonal = (0..<m).map { last[$0] - r12 * q1[$0] }
        let r22 = norm(orthogonal)
        guard r22 > independenceTolerance * norm(last) else {
            throw .undetermined(
                reason:
                    "the last segment's velocity is a fixed multiple of the previous one's in every row, "
                    + "so the horizon and the mix cannot be told apart: record drags that speed up and slow down"
            )
        }
        let q2 = orthogonal.map { $0 / r22 }
        let beta = dot(q2, targets) / r22
        let alpha = (dot(q1, targets) - r12 * beta) / r11

        var squares = 0.0
        var rows: [PredictionFitRow] = []
        for (k, index) in used.enumerated() {
            let fx = alpha * previous[2 * k] + beta * last[2 * k]
            let fy = alpha * previous[2 * k + 1] + beta * last[2 * k + 1]
            let rx = targets[2 * k] - fx
            let ry = targets[2 * k + 1] - fy
            squares += rx * rx + ry * ry
            rows.append(
                PredictionFitRow(
                    index: index, observed: Vector(dx: targets[2 * k], dy: targets[2 * k + 1]),
                    fitted: Vector(dx: fx, dy: fy)))
        }
        let horizon = alpha + beta
        guard abs(horizon) > 0, (alpha / horizon).isFinite else {
            throw .undetermined(
                reason: "the predictions equal the translations (prediction time 0), so the mix has no effect")
        }
        // (AᵀA)⁻¹ = R⁻¹R⁻ᵀ with R⁻¹ = [[1/r11, −r12/(r11·r22)], [0, 1/r22]].
        let variance = squares / Double(m - 2)
        let i11 = 1 / r11
        let i12 = -r12 / (r11 * r22)
        let i22 = 1 / r22
        let vAlpha = variance * (i11 * i11 + i12 * i12)
        let vBeta = variance * i22 * i22
        let vAlphaBeta = variance * i12 * i22
        let weight = alpha / horizon
        // ∂w/∂α = β/T², ∂w/∂β = −α/T².
        let ga = beta / (horizon * horizon)
        let gb = -alpha / (horizon * horizon)
        return PredictionFitResult(
            predictionTime: horizon,
            predictionTimeStandardError: (vAlpha + vBeta + 2 * vAlphaBeta).squareRoot(),
            previousSampleWeight: weight,
            previousSampleWeightStandardError: (ga * ga * vAlpha + 2 * ga * gb * vAlphaBeta + gb * gb * vBeta)
                .squareRoot(),
            rmsResidual: (squares / Double(m)).squareRoot(), rows: rows)
    }

    private static func dot(_ a: [Double], _ b: [Double]) -> Double {
        var sum = 0.0
        for i in a.indices { sum += a[i] * b[i] }
        return sum
    }

    private static func norm(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
}
