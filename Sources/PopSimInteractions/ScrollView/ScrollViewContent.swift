import PopSimDynamics

/// A UIScrollView's vertical content offset as a sheet or popup model drives it: following the finger
/// while its pan recogniser is active, held where a library sets it (`setContentOffset(_:animated:
/// false)`, which also stops a deceleration), and decelerating or bouncing after lift-off
/// (``ScrollViewRelease``).
///
/// While dragged, the offset moves by the finger's movement since the previous callback (the scroll
/// view's own pan handler runs before the library's, which may set the offset back). Past an edge, with
/// ``bounces``, it follows UIScrollView's rubber band (``ScrollViewRubberBand``, c = 0.55 over the
/// viewport's height) applied to how far the finger has pulled past the edge, the clamp super-ultra/ScrollMechanics
/// applies to every drag (super-ultra/ScrollMechanics@587660a ScrollMechanics/Sources/RubberBand.swift:8-13);
/// without bounces it stops at the edge and moves back as soon as the finger does.
public struct ScrollViewContent: Sendable {
    /// The least offset (the top edge, −adjusted top inset).
    public let minimum: Double
    /// The greatest offset (the bottom edge).
    public let maximum: Double
    /// The scroll view's height, the rubber band's dimension.
    public let viewportHeight: Double
    public let release: ScrollViewRelease.Parameters
    /// `UIScrollView.bounces`, which FloatingPanel switches (its scroll lock).
    public var bounces: Bool
    /// The offset drawn.
    public private(set) var offset: Double
    /// Where the finger has pulled the offset, before the rubber band.
    private var pulled: Double
    /// The motion after lift-off, while it lasts.
    public private(set) var motion: ScrollViewRelease?
    /// UIScrollView's band over the viewport's height; nil for an empty viewport.
    private let rubberBand: ScrollViewRubberBand?

    public init(
        offset: Double, minimum: Double, maximum: Double, viewportHeight: Double,
        release: ScrollViewRelease.Parameters = ScrollViewRelease.Parameters()
    ) {
        self.minimum = minimum
        self.maximum = max(minimum, maximum)
        self.viewportHeight = viewportHeight
        self.release = release
        bounces = release.bounces
        self.offset = offset
        pulled = offset
        rubberBand = try? ScrollViewRubberBand(dimension: viewportHeight)
    }

    /// Whether the content can scroll at all: its range is not empty.
    public var isScrollable: Bool { maximum > minimum }

    /// UIKit's `isDecelerating`: moving on after lift-off (through the bounce too).
    public var isDecelerating: Bool { motion?.isDecelerating ?? false }

    /// Whether the offset lies at or above the top edge (`contentOffset.y ≤ −adjustedContentInset.top`).
    public var isAtTop: Bool { offset <= minimum }

    /// The finger moved by `delta` (pt, y down) while the scroll view's pan is active: the content moves
    /// the other way.
    public mutating func drag(by delta: Double) {
        motion = nil
        pulled -= delta
        guard bounces, let rubberBand else {
            pulled = min(max(pulled, minimum), maximum)
            offset = pulled
            return
        }
        let edge = min(max(pulled, minimum), maximum)
        offset = edge + rubberBand.displayed(forPull: pulled - edge)
    }

    /// `setContentOffset(_:animated: false)`: the offset is `value` at once and any deceleration stops.
    public mutating func set(_ value: Double) {
        offset = value
        pulled = value
        motion = nil
    }

    /// A touch stops a deceleration where it is (UIScrollView's touch-down).
    public mutating func stop() {
        set(offset)
    }

    /// The pan ended with the finger at `fingerVelocity` (pt/s, y down) at `time`: the content
    /// decelerates, or bounces back from past an edge.
    public mutating func letGo(fingerVelocity: Double, at time: Double) {
        var parameters = release
        parameters.bounces = bounces || offset < minimum || offset > maximum
        let motion = ScrollViewRelease(
            offset: offset, velocity: -fingerVelocity, minimum: minimum, maximum: maximum,
            at: time, parameters: parameters)
        self.motion = motion.isFinished ? nil : motion
        offset = motion.offset
        pulled = offset
    }

    /// Moves a deceleration or bounce on to `time`.
    public mutating func advance(to time: Double) {
        guard var current = motion else { return }
        offset = current.advance(to: time)
        pulled = offset
        motion = current.isFinished ? nil : current
    }
}
