import PopSimArgumentParsing

/// The valid ranges that many flags share, each bound chosen so that everything computed from an
/// in-range value stays finite, exact enough and countable (products such as position × scale,
/// translation + time × velocity, duration × rate), while lying far beyond anything a gesture, a
/// screen or a display produces. Documentation/reliability.md lists every flag's range.
enum ValueRanges {
    /// Positions and offsets, pt: a million screens in every direction. Sums and products with
    /// velocities and scales stay below 1e16, where doubles still resolve 1 pt.
    static let coordinate = NumberRange.closed(-1e9, 1e9)
    /// Sizes and distances, pt.
    static let length = NumberRange.above(0, through: 1e9)
    /// Sizes and distances that may be 0 (insets, travel), pt.
    static let nonNegativeLength = NumberRange.closed(0, 1e9)
    /// Velocities, pt/s (or position units per second).
    static let velocity = NumberRange.closed(-1e9, 1e9)
    /// Speeds, pt/s.
    static let speed = NumberRange.above(0, through: 1e9)
    /// Durations, s: up to 11.6 days. With rates up to ``rate`` a duration × rate product stays below
    /// 1e11, an exact integer; the sample, row and frame limits then apply to it.
    static let duration = NumberRange.above(0, through: 1e6)
    /// Durations that may be 0, s.
    static let nonNegativeDuration = NumberRange.closed(0, 1e6)
    /// Scan, frame and sample rates, Hz: 100 kHz, far above any digitiser (240 Hz on iPad, 720 Hz on
    /// gaming phones) or display.
    static let rate = NumberRange.above(0, through: 1e5)
    /// Standard deviations of noise (pt or s), and other non-negative scale factors.
    static let nonNegative = NumberRange.closed(0, 1e6)
    /// Worker threads.
    static let jobs = 1...4096
}
