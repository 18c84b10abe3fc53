import PopSimGeometry

/// What the sheet model reports, in order, with the time it happened. The descriptions are the words
/// `--events` prints.
public enum SheetEvent: Sendable, Hashable, CustomStringConvertible {
    /// The sheet's pan recogniser began.
    case panBegan
    /// The pan started moving the sheet from this stop (FloatingPanel: its first `.changed` callback,
    /// `startInteraction`; PanModal: its first callback).
    case dragStarted(from: SheetStopName)
    /// A touch on a FloatingPanel stopped its release animation where it was.
    case attractionInterrupted
    /// A pan ended; the outcome is decided. `translation` is the sheet's displacement from the stop it
    /// was at (FloatingPanel: its state when released) and `velocity` what the estimator measured: the
    /// numbers `popsim decide sheet` takes as `--translation` and `--velocity`.
    case released(SheetOutcome, translation: Vector, velocity: Vector)
    /// FloatingPanel ignores a release while its state is hidden (scenee/FloatingPanel@7efcc76
    /// Sources/Core.swift:763-766): the panel stays where the finger left it.
    case releaseIgnored
    /// A tap on PanModal's dimmed background.
    case backgroundTapped
    /// The release animation reached this stop.
    case settled(SheetStopName)
    /// PanModal's dismissal animation completed.
    case dismissed
    /// A removed FloatingPanel reached its hidden position.
    case removed

    /// The event's word (`released:half`), without a release's measurements.
    public var label: String {
        switch self {
        case .panBegan: return "pan-began"
        case .dragStarted(let from): return "drag-started:\(from)"
        case .attractionInterrupted: return "attraction-interrupted"
        case .released(let outcome, _, _): return "released:\(outcome.word)"
        case .releaseIgnored: return "release-ignored"
        case .backgroundTapped: return "background-tapped"
        case .settled(let stop): return "settled:\(stop)"
        case .dismissed: return "dismissed"
        case .removed: return "removed"
        }
    }

    /// The label; a release adds its translation and velocity.
    public var description: String {
        guard case .released(_, let translation, let velocity) = self else { return label }
        return label + " " + ReleaseMeasurement.text(translation: translation, velocity: velocity)
    }
}
