/// FloatingPanel's lock on its tracked scroll view: `lockScrollView(strict:)` and `unlockScrollView()`
/// (scenee/FloatingPanel@7efcc76 Sources/Core.swift:1127-1176) for a bottom panel in the static content
/// mode, where the "loose" lock never applies (`shouldLooselyLockScrollView` needs `.fitToBounds`,
/// l.1178-1190), so every lock turns bouncing off.
///
/// Locking saves the scroll view's `bounces` and `showsVerticalScrollIndicator` and turns both off;
/// unlocking puts the saved values back; either does nothing when already in that state. Tracking a
/// scroll view starts unlocked with its own values (`scrollView`'s `didSet`, l.26-45).
public struct FloatingPanelScrollLock: Sendable, Hashable {
    public private(set) var isLocked = false
    public private(set) var bounces: Bool
    public private(set) var showsVerticalScrollIndicator: Bool
    private var savedBounces: Bool
    private var savedIndicator: Bool

    /// A newly tracked scroll view with these values (a `UITableView`'s are both true).
    public init(bounces: Bool = true, showsVerticalScrollIndicator: Bool = true) {
        self.bounces = bounces
        self.showsVerticalScrollIndicator = showsVerticalScrollIndicator
        savedBounces = bounces
        savedIndicator = showsVerticalScrollIndicator
    }

    /// `lockScrollView(strict:)` (l.1127-1157).
    public mutating func lock() {
        guard !isLocked else { return }
        savedBounces = bounces
        bounces = false
        isLocked = true
        savedIndicator = showsVerticalScrollIndicator
        showsVerticalScrollIndicator = false
    }

    /// `unlockScrollView()` (l.1159-1176).
    public mutating func unlock() {
        guard isLocked else { return }
        isLocked = false
        bounces = savedBounces
        showsVerticalScrollIndicator = savedIndicator
    }

    /// What `Core.move(from:to:animated:…)` does to the lock (l.150-238) when the panel moves from state
    /// `from` to `to` in code: it locks when leaving a state that is not scrollable (l.162-164); a move
    /// without animation then unlocks at a scrollable state and locks elsewhere (l.226-233), and an
    /// animated one does the same when its attraction completes on the anchor (`updateScrollView`,
    /// l.170-177, the panel then 0 pt from the state).
    public mutating func move(
        from: FloatingPanelState, to: FloatingPanelState, isScrollable: (FloatingPanelState) -> Bool
    ) {
        if !isScrollable(from) { lock() }
        if isScrollable(to) { unlock() } else { lock() }
    }
}
