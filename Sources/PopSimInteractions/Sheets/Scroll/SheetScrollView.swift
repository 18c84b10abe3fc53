import PopSimDynamics
import PopSimTextIO

/// A scroll view inside the sheet (`--scroll-content H`, `--scroll-offset O`): a plain UIScrollView
/// (`alwaysBounceVertical` false, bounces on) whose content is `contentHeight` tall, resting at
/// `contentOffset`, that fills the sheet below its grabber area (Documentation/arbitration.md §2):
///
/// - FloatingPanel: the surface is as tall as the window below the most expanded stop (the static
///   content mode's height, scenee/FloatingPanel@7efcc76 Sources/Layout.swift:706-714); its first
///   `grabberAreaOffset` = 36 pt below the moving edge are the grabber area (Sources/SurfaceView.swift:99-100,
///   190-205), where a touch moves the panel and never the content; the scroll view fills the rest. Its
///   content insets are zero: `track(scrollView:)` sets `contentInsetAdjustmentBehavior = .never`
///   (Sources/Controller.swift:644-657), so the pinning offset is 0 (Sources/Core.swift:1200-1214).
/// - PanModal: the scroll view is the presented controller's view (a `UITableViewController`'s, the case
///   the top-bounce handler is written for, slackhq/PanModal@b012aec
///   PanModal/Controller/PanModalPresentationController.swift:776-784): the whole modal, as tall as the
///   container below the anchored position (l.365-382), with the presenting bottom safe-area inset as its
///   bottom content inset (l.457); the drag indicator sits above the modal's top (l.411-418).
///
/// The content scrolls (its pan recogniser begins) only when it is taller than what the scroll view
/// shows: the offset's range [0, ``maximumOffset(in:)``] must not be empty.
public struct SheetScrollView: Sendable, Hashable {
    /// FloatingPanel's `grabberAreaOffset`, pt.
    public static let floatingPanelGrabberArea = 36.0

    /// The content's height, pt.
    public var contentHeight: Double
    /// The content offset when the run starts, pt (0: at the top).
    public var contentOffset: Double
    /// The adjusted bottom content inset, pt (PanModal: the bottom safe-area inset; FloatingPanel: 0).
    public var bottomInset: Double
    /// Deceleration, bounce and rest thresholds after lift-off.
    public var release: ScrollViewRelease.Parameters

    public init(
        contentHeight: Double, contentOffset: Double = 0, bottomInset: Double = 0,
        release: ScrollViewRelease.Parameters = ScrollViewRelease.Parameters()
    ) {
        self.contentHeight = contentHeight
        self.contentOffset = contentOffset
        self.bottomInset = bottomInset
        self.release = release
    }

    /// How far below the sheet's moving edge the scroll view begins, pt.
    public static func top(in layout: SheetLayout) -> Double {
        switch layout {
        case .floatingPanel: return floatingPanelGrabberArea
        case .panModal: return 0
        }
    }

    /// The scroll view's height, pt: FloatingPanel's surface below the grabber area, PanModal's modal.
    public static func height(in layout: SheetLayout) -> Double {
        switch layout {
        case .floatingPanel(let panel):
            let surface = panel.windowHeight - panel.position(for: panel.statesByCoordinate[0])
            return max(surface - floatingPanelGrabberArea, 0)
        case .panModal(let modal):
            return modal.containerHeight - modal.anchoredY
        }
    }

    /// The greatest content offset: content + bottom inset − height, at least 0.
    public func maximumOffset(in layout: SheetLayout) -> Double {
        max(contentHeight + bottomInset - Self.height(in: layout), 0)
    }

    /// Whether the content scrolls at all in `layout`.
    public func isScrollable(in layout: SheetLayout) -> Bool { maximumOffset(in: layout) > 0 }

    /// The content as the model drives it.
    func content(in layout: SheetLayout, displayScale: Double) -> ScrollViewContent {
        var parameters = release
        parameters.bounceRestDistance = 0.5 / displayScale
        return ScrollViewContent(
            offset: contentOffset, minimum: 0, maximum: maximumOffset(in: layout),
            viewportHeight: Self.height(in: layout), release: parameters)
    }

    /// Throws unless the numbers are finite, the height and inset not negative, the offset within the
    /// content's range, and the sheet one whose scroll view PopSim models (not a top-attached
    /// FloatingPanel, whose content is pinned at its bottom).
    public func validate(in layout: SheetLayout) throws(SheetScrollViewError) {
        guard contentHeight.isFinite, contentHeight >= 0, contentHeight <= SheetLayoutLimits.maximumCoordinate else {
            throw .contentHeight(contentHeight)
        }
        guard bottomInset.isFinite, bottomInset >= 0 else { throw .bottomInset(bottomInset) }
        if case .floatingPanel(let panel) = layout, panel.position == .top { throw .topAttachment }
        let maximum = maximumOffset(in: layout)
        guard contentOffset.isFinite, contentOffset >= 0, contentOffset <= maximum else {
            throw .offset(contentOffset, maximum: maximum, height: Self.height(in: layout))
        }
        do { try release.validate() } catch { throw .release(error) }
    }
}

/// Why a scroll view cannot be placed in the sheet; each message names the value and the fix.
public enum SheetScrollViewError: Error, Sendable, CustomStringConvertible {
    case contentHeight(Double)
    case bottomInset(Double)
    case offset(Double, maximum: Double, height: Double)
    case topAttachment
    case release(DynamicsError)

    public var description: String {
        switch self {
        case .contentHeight(let value):
            let limit = formatNumber(SheetLayoutLimits.maximumCoordinate)
            return "content height \(formatNumber(value)): must be a finite number of points in [0, \(limit)]"
        case .bottomInset(let value):
            return "bottom content inset \(formatNumber(value)): must be a finite number of points ≥ 0"
        case .offset(let value, let maximum, let height):
            return
                "content offset \(formatNumber(value)): must lie in [0, \(formatNumber(maximum))], "
                + "the content's range in a \(formatNumber(height)) pt tall scroll view"
                + (maximum == 0
                    ? " (the content is not taller than the scroll view, so it does not scroll; give a taller content)"
                    : "")
        case .topAttachment:
            return
                "a top-attached FloatingPanel pins its content at the bottom edge; "
                + "PopSim models the scroll view in bottom sheets only"
        case .release(let error):
            return error.description
        }
    }
}
