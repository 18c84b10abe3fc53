import PopSimGeometry

/// A recorded stroke as a digitiser scanning at a lower rate would have reported it: what lets the
/// figures of Documentation/gestures.md §8 compare synthesised swipes at 60 Hz with the corpus, which was
/// recorded at about 120 Hz.
///
/// The finger's path is the recording's samples joined by straight lines (at 7–9 ms apart, far shorter
/// than any bend of a fling). The scans fall `phase` seconds before the last sample before lift-off and
/// every 1/rate before that, back to the first sample; each reports the path's position. The finger lifts
/// at the last sample: the `ended` sample comes at the next scan, at the lift-off position, as
/// ``Digitiser`` reports a synthesised swipe's.
public enum StrokeRescan {
    /// The stroke (`began` first, `ended` last) scanned at `rate` Hz with the scans `phase` seconds (in
    /// [0, 1/rate)) before its last movement; nil for a stroke that is not one, or that two scans do not
    /// fit in. Samples at one time keep the last (the recording's own duplicate times).
    public static func rescan(
        _ stroke: some BidirectionalCollection<TouchSample>, rate: Double, phase: Double
    ) -> [TouchSample]? {
        guard rate > 0, rate.isFinite, phase >= 0, phase < 1 / rate,
            stroke.first?.phase == .began, let ended = stroke.last, ended.phase == .ended
        else { return nil }
        var path: [TouchSample] = []
        for sample in stroke.dropLast() {
            if let last = path.last, sample.time <= last.time {
                guard sample.time == last.time else { return nil }
                path[path.count - 1] = sample
            } else {
                path.append(sample)
            }
        }
        guard let first = path.first, let last = path.last else { return nil }
        let lift = last.time - phase
        // The scans from `lift` back to the first sample; 1e-9 of a scan absorbs the rounding of times
        // that lie on the grid (a recording at the rate itself).
        let count = Int(((lift - first.time) * rate + 1e-9).rounded(.down)) + 1
        guard count >= 2, count <= Self.maximumScans else { return nil }
        var scans: [TouchSample] = []
        scans.reserveCapacity(count + 1)
        var segment = 0
        for k in (0..<count).reversed() {
            let time = lift - Double(k) / rate
            while segment + 2 < path.count && path[segment + 1].time <= time { segment += 1 }
            let a = path[segment]
            let b = path[segment + 1]
            let fraction = min(max((time - a.time) / (b.time - a.time), 0), 1)
            scans.append(
                TouchSample(
                    time: time, phase: scans.isEmpty ? .began : .moved,
                    location: a.location + (b.location - a.location) * fraction, touch: ended.touch))
        }
        scans.append(TouchSample(time: lift + 1 / rate, phase: .ended, location: last.location, touch: ended.touch))
        return scans
    }

    /// The most scans one stroke may give (a rate typed wrong, not a measurement).
    public static let maximumScans = 100_000

    /// Each stroke rescanned at `rate` with `phases` evenly spaced phases k·(1/rate − recordedInterval)/phases,
    /// k = 0 … phases − 1. A recording's last sample already lies somewhere in the last `recordedInterval`
    /// (its own scan interval) before the finger lifted, so phases up to 1/rate − recordedInterval put the
    /// last scan anywhere in the last 1/rate before lift-off, as a digitiser at `rate` would; at the
    /// recording's own rate the one phase is 0 and the rescan is the recording on an even grid. One array
    /// of readings per stroke (the phases of one stroke are not independent strokes:
    /// ``ReleaseFigureIntervals`` resamples them together).
    public static func readings(
        of strokes: [some BidirectionalCollection<TouchSample>], rate: Double, phases: Int,
        recordedInterval: Double
    ) -> [[ReleaseReading]] {
        let count = max(phases, 1)
        let span = max(1 / rate - recordedInterval, 0)
        return strokes.map { stroke in
            (0..<count).compactMap { k in
                rescan(stroke, rate: rate, phase: Double(k) * span / Double(count)).flatMap {
                    ReleaseReading(stroke: $0)
                }
            }
        }
    }

    /// The corpus's scan interval (Documentation/gestures.md §8): Sailfish's samples are about 8.5 ms apart
    /// (Android's resampled events fall between them), Flutter's 7–8 ms.
    public static let corpusInterval = 1.0 / 120
}
