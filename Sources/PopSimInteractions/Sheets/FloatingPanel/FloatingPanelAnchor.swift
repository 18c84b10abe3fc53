/// One state's anchor as an app writes it in its `FloatingPanelLayout.anchors`: a
/// `FloatingPanelLayoutAnchor` (an inset from an edge of the view or of its safe area) or a
/// `FloatingPanelIntrinsicLayoutAnchor` (an offset from the surface's intrinsic height), with the
/// library's own initialisers (scenee/FloatingPanel@7efcc76 Sources/LayoutAnchoring.swift:23, 40, 118,
/// 132), so `FloatingPanelLayoutAnchor(absoluteInset: 18, edge: .top, referenceGuide: .safeArea)` reads
/// `FloatingPanelAnchor(absoluteInset: 18, edge: .top, referenceGuide: .safeArea)`.
///
/// ``position(attachment:in:intrinsicHeight:)`` is `LayoutAdapter._position(for:)` (Sources/Layout.swift:322-392)
/// for these two kinds; ``FloatingPanelLayout`` rounds it to the display scale as `position(for:)` does
/// (l.318-320). `FloatingPanelAdaptiveLayoutAnchor` follows a content layout guide, not a number, and is
/// not modelled.
public struct FloatingPanelAnchor: Sendable, Hashable {
    /// What the anchor measures from, and how.
    public enum Kind: Sendable, Hashable {
        /// `FloatingPanelLayoutAnchor`: `inset` points (absolute) or that fraction of the reference's
        /// height (fractional) from `edge` of the reference.
        case inset(Double, isAbsolute: Bool, edge: FloatingPanelReferenceEdge)
        /// `FloatingPanelIntrinsicLayoutAnchor`: `offset` points (absolute) or that fraction of the
        /// surface's intrinsic height (fractional) hidden beyond the attached edge.
        case intrinsic(Double, isAbsolute: Bool)
    }

    public let kind: Kind
    /// `referenceGuide`: the view's bounds, or its safe area.
    public let referenceGuide: FloatingPanelReferenceGuide

    /// `FloatingPanelLayoutAnchor(absoluteInset:edge:referenceGuide:)`.
    public init(absoluteInset: Double, edge: FloatingPanelReferenceEdge, referenceGuide: FloatingPanelReferenceGuide) {
        kind = .inset(absoluteInset, isAbsolute: true, edge: edge)
        self.referenceGuide = referenceGuide
    }

    /// `FloatingPanelLayoutAnchor(fractionalInset:edge:referenceGuide:)`.
    public init(fractionalInset: Double, edge: FloatingPanelReferenceEdge, referenceGuide: FloatingPanelReferenceGuide)
    {
        kind = .inset(fractionalInset, isAbsolute: false, edge: edge)
        self.referenceGuide = referenceGuide
    }

    /// `FloatingPanelIntrinsicLayoutAnchor(absoluteOffset:referenceGuide:)` (guide default `.safeArea`, l.118).
    public init(absoluteOffset: Double, referenceGuide: FloatingPanelReferenceGuide = .safeArea) {
        kind = .intrinsic(absoluteOffset, isAbsolute: true)
        self.referenceGuide = referenceGuide
    }

    /// `FloatingPanelIntrinsicLayoutAnchor(fractionalOffset:referenceGuide:)` (guide default `.safeArea`, l.132).
    public init(fractionalOffset: Double, referenceGuide: FloatingPanelReferenceGuide = .safeArea) {
        kind = .intrinsic(fractionalOffset, isAbsolute: false)
        self.referenceGuide = referenceGuide
    }

    /// Whether the anchor reads the surface's intrinsic height.
    public var isIntrinsic: Bool {
        if case .intrinsic = kind { return true }
        return false
    }

    /// The inset or offset as written.
    public var value: Double {
        switch kind {
        case .inset(let value, _, _), .intrinsic(let value, _): return value
        }
    }

    /// `_position(for:)` before rounding: the moving edge, pt from the view's top.
    ///
    /// - `FloatingPanelLayoutAnchor` (Sources/Layout.swift:376-389): the reference is the view's bounds, or
    ///   them inset by the safe area (`bounds.inset(by: safeAreaInsets)`); diff = the inset, or the
    ///   reference's height × the inset; `.top`: reference minY + diff, `.bottom`: reference maxY − diff.
    ///   The attachment does not enter.
    /// - `FloatingPanelIntrinsicLayoutAnchor` (l.327-344): L = the surface's intrinsic height; diff = the
    ///   offset, or L × the offset; a bottom panel: base − L + diff with base the view's height (less the
    ///   bottom inset for `.safeArea`); a top panel: base + L − diff with base 0 (the top inset for
    ///   `.safeArea`).
    public func position(
        attachment: FloatingPanelPosition, in container: SheetContainer, intrinsicHeight: Double
    ) -> Double {
        let safeArea = referenceGuide == .safeArea
        switch kind {
        case .inset(let inset, let isAbsolute, let edge):
            let minY = safeArea ? container.safeAreaTop : 0
            let maxY = container.height - (safeArea ? container.safeAreaBottom : 0)
            let diff = isAbsolute ? inset : (maxY - minY) * inset
            switch edge {
            case .top: return minY + diff
            case .bottom: return maxY - diff
            }
        case .intrinsic(let offset, let isAbsolute):
            let diff = isAbsolute ? offset : intrinsicHeight * offset
            switch attachment {
            case .top:
                let base = safeArea ? container.safeAreaTop : 0
                return base + intrinsicHeight - diff
            case .bottom:
                let base = container.height - (safeArea ? container.safeAreaBottom : 0)
                return base - intrinsicHeight + diff
            }
        }
    }
}

/// `FloatingPanelReferenceEdge`'s vertical cases (scenee/FloatingPanel@7efcc76 Sources/LayoutProperties.swift:6):
/// the edge of the reference an inset is measured from.
public enum FloatingPanelReferenceEdge: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case top, bottom

    public var description: String { rawValue }
}

/// `FloatingPanelLayoutReferenceGuide` (scenee/FloatingPanel@7efcc76 Sources/LayoutProperties.swift:31): the
/// view's safe area, or the view itself (`.superview`).
public enum FloatingPanelReferenceGuide: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case safeArea = "safe-area"
    case superview

    public var description: String { rawValue }
}
