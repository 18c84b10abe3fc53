/// The distances, times and speeds that decide which gesture a touch was, with each platform's
/// documented values (Documentation/gestures.md §6). Where a platform does not document a value the
/// preset says which one it borrows.
public struct GestureThresholds: Sendable, Hashable {
    /// How far (pt) a touch may move from its start and still be a tap or long press; beyond it, it is
    /// a drag.
    public var touchSlop: Double
    /// Shortest hold (s) of a long press.
    public var longPressMinimumDuration: Double
    /// Longest contact (s) of a tap.
    public var tapMaximumDuration: Double
    /// Longest time (s) from the first tap's lift to the second tap's touch-down in a double tap.
    public var doubleTapMaximumInterval: Double
    /// Slowest release (pt/s) that flings; slower drags just stop.
    public var minimumFlingVelocity: Double
    /// Fling speeds are clamped to this (pt/s).
    public var maximumFlingVelocity: Double

    public init(
        touchSlop: Double, longPressMinimumDuration: Double, tapMaximumDuration: Double,
        doubleTapMaximumInterval: Double,
        minimumFlingVelocity: Double, maximumFlingVelocity: Double
    ) {
        self.touchSlop = touchSlop
        self.longPressMinimumDuration = longPressMinimumDuration
        self.tapMaximumDuration = tapMaximumDuration
        self.doubleTapMaximumInterval = doubleTapMaximumInterval
        self.minimumFlingVelocity = minimumFlingVelocity
        self.maximumFlingVelocity = maximumFlingVelocity
    }

    /// iOS: slop 10 pt (SwiftUI `DragGesture` minimumDistance, `UILongPressGestureRecognizer`
    /// allowableMovement), long press 0.5 s (`minimumPressDuration`). Undocumented by Apple and borrowed:
    /// a tap lasts at most the long-press duration (longer is a long press), double-tap interval 0.3 s
    /// and fling 50…8000 pt/s (Flutter and Android).
    public static let iOS = GestureThresholds(
        touchSlop: 10, longPressMinimumDuration: 0.5, tapMaximumDuration: 0.5,
        doubleTapMaximumInterval: 0.3, minimumFlingVelocity: 50, maximumFlingVelocity: 8000)
    /// Flutter (gestures/constants.dart): kTouchSlop 18, kLongPressTimeout 500 ms, kDoubleTapTimeout
    /// 300 ms, kMinFlingVelocity 50, kMaxFlingVelocity 8000; a tap lasts until the long press wins.
    public static let flutter = GestureThresholds(
        touchSlop: 18, longPressMinimumDuration: 0.5, tapMaximumDuration: 0.5,
        doubleTapMaximumInterval: 0.3, minimumFlingVelocity: 50, maximumFlingVelocity: 8000)
    /// Android (ViewConfiguration): touch slop 8 dp, long press 400 ms, double tap 300 ms, fling
    /// 50…8000 dp/s; a tap lasts until the long press wins.
    public static let android = GestureThresholds(
        touchSlop: 8, longPressMinimumDuration: 0.4, tapMaximumDuration: 0.4,
        doubleTapMaximumInterval: 0.3, minimumFlingVelocity: 50, maximumFlingVelocity: 8000)

    /// Whether a release at `speed` (pt/s) flings: `speed > minimumFlingVelocity`, Flutter's strict test.
    public func isFling(speed: Double) -> Bool { speed > minimumFlingVelocity }

    /// A fling velocity clamped to ``maximumFlingVelocity`` in magnitude, direction kept (Flutter's
    /// `Velocity.clampMagnitude(minFlingVelocity, maxFlingVelocity)` upper half).
    public func clampedFlingSpeed(_ speed: Double) -> Double { min(speed, maximumFlingVelocity) }
}
