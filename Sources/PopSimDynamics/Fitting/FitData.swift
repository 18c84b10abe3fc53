/// Bounds every fit puts on its input values, so that no recording can overflow the model, its squares or
/// their sums, and so that a value in the wrong unit is named instead of fitted.
enum FitData {
    /// The largest |value| accepted: far beyond any screen coordinate in points or time in seconds
    /// (1e12 s is 31 700 years), and far below where squares summed over a million rows overflow.
    static let magnitudeLimit = 1e12
    /// The time spans a spring fit accepts, seconds: a microsecond to eleven days.
    static let spanLimits = 1e-6...1e6

    /// Throws unless `value` is finite and within ±``magnitudeLimit``; `what` names it ("point 3's time").
    static func check(_ value: Double, _ what: @autoclosure () -> String) throws(FitError) {
        guard value.isFinite, abs(value) <= magnitudeLimit else {
            throw .invalidData(
                reason:
                    "\(what()) is \(value): every value must be a finite number within ±1e12 "
                    + "(times in seconds, positions in points)"
            )
        }
    }
}
