/// A rubber band: how far content visibly moves (`displayed`) when the finger pulls it `pull` points
/// past a limit, and back. Each conforming type documents the library it reproduces.
public protocol RubberBand: Sendable {
    /// The visible offset for a raw pull (same sign as the pull).
    func displayed(forPull pull: Double) -> Double
    /// The raw pull that produces a visible offset (the inverse of ``displayed(forPull:)``).
    func pull(forDisplayed displayed: Double) -> Double
}
