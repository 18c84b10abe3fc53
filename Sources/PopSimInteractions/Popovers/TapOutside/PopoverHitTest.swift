import PopSimGeometry

/// What the touch-down hit test needs to know about one presented popover (Documentation/popovers.md §3b).
public struct PopoverHitTestSubject: Sendable, Hashable {
    /// `context.frame`: the static frame plus the live drag offset (the model value, not the animated
    /// drawn position).
    public var frame: Rect
    public var mode: DismissalMode
    /// Default false (Popover+Attributes.swift:205).
    public var tapOutsideIncludesOtherPopovers: Bool
    /// Default false (Popover+Attributes.swift:57).
    public var blocksBackgroundTouches: Bool
    /// Main only (aheze/Popovers@576b4d3 Sources/Popover+Attributes.swift:63); ignored for 1.3.2.
    public var blocksBackgroundTouchesAllowedFrames: [Rect]
    /// `dismissal.excludedFrames()` (Popover+Attributes.swift:208).
    public var excludedFrames: [Rect]

    public init(
        frame: Rect, mode: DismissalMode = .tapOutside, tapOutsideIncludesOtherPopovers: Bool = false,
        blocksBackgroundTouches: Bool = false, blocksBackgroundTouchesAllowedFrames: [Rect] = [],
        excludedFrames: [Rect] = []
    ) {
        self.frame = frame
        self.mode = mode
        self.tapOutsideIncludesOtherPopovers = tapOutsideIncludesOtherPopovers
        self.blocksBackgroundTouches = blocksBackgroundTouches
        self.blocksBackgroundTouchesAllowedFrames = blocksBackgroundTouchesAllowedFrames
        self.excludedFrames = excludedFrames
    }
}

/// What a touch-down did to the presented popovers.
public struct PopoverHitTestResult: Sendable, Hashable {
    /// One side effect, by index into the popovers array (oldest first).
    public enum Action: Sendable, Hashable {
        /// `onTapOutside` was called.
        case tapOutside(Int)
        /// `dismiss()` was called. The same popover may be dismissed twice in one pass.
        case dismiss(Int)
    }

    /// The side effects in the order the library performs them.
    public var actions: [Action]
    /// Whether the popover container takes the touch (`super.hitTest`) instead of letting it through to
    /// the views underneath.
    public var consumed: Bool
    /// The popover that receives the touch (and may start a drag): the newest popover whose frame
    /// contains the point, when the touch is consumed.
    public var touchedPopover: Int?

    /// The distinct popovers dismissed, in first-dismissal order.
    public var dismissed: [Int] {
        var seen: [Int] = []
        for case let .dismiss(i) in actions where !seen.contains(i) { seen.append(i) }
        return seen
    }
}

/// Popovers' tap-outside hit test (`PopoverGestureContainer.hitTest`, aheze/Popovers@de44c4d
/// Sources/PopoverGestureContainer.swift:61-132 and aheze/Popovers@576b4d3
/// Sources/PopoverGestureContainer.swift:71-150). It runs in UIKit's `hitTest`, so on **touch-down** of
/// any touch.
///
/// With F the frames of all popovers, for each popover P from newest to oldest:
/// 1. P.frame contains the point: dismissIfNecessary(Q) for every other Q whose frame does not contain
///    it (oldest first), consume the touch and stop (@de44c4d lines 86-99, @576b4d3 lines 85-98);
/// 2. otherwise call P.onTapOutside (@de44c4d line 102, @576b4d3 line 101);
/// 3. P.blocksBackgroundTouches: P is not dismissed and older popovers are not visited. On main, a point
///    in one of P's allowed frames dismissIfNecessary(P) and lets the touch through, any other point is
///    consumed (@576b4d3 lines 104-115); 1.3.2 has no allowed frames and always consumes the touch
///    (@de44c4d lines 105-108);
/// 4. mode ∋ tapOutside and the point is in one of P's excluded frames: P stays; consume the touch if
///    any popover frame contains the point, else let it through; stop (@de44c4d lines 111-124,
///    @576b4d3 lines 118-131);
/// 5. dismissIfNecessary(P) and go on to the next older popover (@de44c4d line 127, @576b4d3 line 134).
///
/// After the loop the touch passes through. dismissIfNecessary(Q) dismisses Q iff mode ∋ tapOutside
/// and (Q.tapOutsideIncludesOtherPopovers or no frame in F contains the point) (@de44c4d lines 72-80,
/// @576b4d3 lines 142-150). F is taken before the loop, so dismissals during the pass do not change it.
/// Containment is `CGRect.contains`: min edges in, max edges out.
public enum PopoverHitTest {
    public static func touchDown(
        at point: Point, popovers: [PopoverHitTestSubject],
        version: PopoversVersion = .default
    ) -> PopoverHitTestResult {
        var actions: [PopoverHitTestResult.Action] = []
        let inAnyFrame = popovers.contains { $0.frame.contains(point) }

        func dismissIfNecessary(_ q: Int) {
            let subject = popovers[q]
            if subject.mode.contains(.tapOutside), subject.tapOutsideIncludesOtherPopovers || !inAnyFrame {
                actions.append(.dismiss(q))
            }
        }
        func result(consumed: Bool) -> PopoverHitTestResult {
            let touched = consumed ? popovers.indices.last { popovers[$0].frame.contains(point) } : nil
            return PopoverHitTestResult(actions: actions, consumed: consumed, touchedPopover: touched)
        }

        for p in popovers.indices.reversed() {
            let subject = popovers[p]
            if subject.frame.contains(point) {
                for q in popovers.indices where q != p && !popovers[q].frame.contains(point) {
                    dismissIfNecessary(q)
                }
                return result(consumed: true)
            }
            actions.append(.tapOutside(p))
            if subject.blocksBackgroundTouches {
                if version.has(.blocksBackgroundTouchesAllowedFrames),
                    subject.blocksBackgroundTouchesAllowedFrames.contains(where: { $0.contains(point) })
                {
                    dismissIfNecessary(p)
                    return result(consumed: false)
                }
                return result(consumed: true)
            }
            if subject.mode.contains(.tapOutside), subject.excludedFrames.contains(where: { $0.contains(point) }) {
                return result(consumed: inAnyFrame)
            }
            dismissIfNecessary(p)
        }
        return result(consumed: false)
    }
}
