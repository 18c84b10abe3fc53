/// A PanModal presentable as an app writes it: the `PanModalPresentable` properties that place the forms
/// and move the modal, each nil or defaulted to the library's default (slackhq/PanModal@b012aec
/// PanModal/Presentable/PanModalPresentable+Defaults.swift). The knobs of ``PanModalBehavior`` read as
/// the presentable's own (`presentable.springDamping = 0.9`).
///
/// ``layout(in:intrinsicHeight:scrollContentHeight:)`` places the forms as
/// `PanModalPresentable+LayoutHelpers.swift` does.
@dynamicMemberLookup
public struct PanModalPresentable: Sendable, Hashable {
    /// `shortFormHeight`; nil: the long form's height (+Defaults.swift:20-22).
    public var shortFormHeight: PanModalHeight?
    /// `longFormHeight`; nil: `.contentHeight` of a `panScrollable`'s content, else `.maxHeight`
    /// (+Defaults.swift:24-32).
    public var longFormHeight: PanModalHeight?
    /// `topOffset`, pt; nil: the top safe-area inset + 21 (+Defaults.swift:16-18).
    public var topOffset: Double?
    /// `anchorModalToLongForm` (+Defaults.swift:63-65).
    public var anchorModalToLongForm: Bool
    /// The knobs the drag, the release and the animations read.
    public var behavior: PanModalBehavior

    public init(
        shortFormHeight: PanModalHeight? = nil, longFormHeight: PanModalHeight? = nil, topOffset: Double? = nil,
        anchorModalToLongForm: Bool = true, behavior: PanModalBehavior = .default
    ) {
        self.shortFormHeight = shortFormHeight
        self.longFormHeight = longFormHeight
        self.topOffset = topOffset
        self.anchorModalToLongForm = anchorModalToLongForm
        self.behavior = behavior
    }

    /// The library's defaults.
    public static let `default` = PanModalPresentable()

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<PanModalBehavior, Value>) -> Value {
        get { behavior[keyPath: keyPath] }
        set { behavior[keyPath: keyPath] = newValue }
    }

    /// `topOffset` in `container`.
    public func resolvedTopOffset(in container: SheetContainer) -> Double {
        topOffset ?? container.safeAreaTop + PanModalLayout.topOffsetBelowSafeArea
    }

    /// The long form's height as the library takes it.
    public func resolvedLongFormHeight(scrollContentHeight: Double?) -> PanModalHeight {
        longFormHeight ?? scrollContentHeight.map(PanModalHeight.contentHeight) ?? .maxHeight
    }

    /// Whether a form reads the presented view's fitting height.
    public func needsIntrinsicHeight(scrollContentHeight: Double? = nil) -> Bool {
        let long = resolvedLongFormHeight(scrollContentHeight: scrollContentHeight)
        return long == .intrinsicHeight || (shortFormHeight ?? long) == .intrinsicHeight
    }

    /// The forms in `container` (PanModal/Presentable/PanModalPresentable+LayoutHelpers.swift):
    /// `longFormYPos` = max(topMargin(long), topMargin(.maxHeight) = 0) + topOffset (l.72-74),
    /// `shortFormYPos` = max(topMargin(short) + topOffset, longFormYPos) (l.55-64; the VoiceOver branch
    /// is not modelled). Refuses a negative or non-finite height, inset or offset, a `.intrinsicHeight`
    /// without `intrinsicHeight`, and a form below the container's bottom.
    /// - Parameters:
    ///   - intrinsicHeight: the presented view's fitting height, pt (for `.intrinsicHeight`).
    ///   - scrollContentHeight: a `panScrollable`'s content height, pt, or nil without one (the default
    ///     long form fits it).
    public func layout(
        in container: SheetContainer, intrinsicHeight: Double? = nil, scrollContentHeight: Double? = nil
    ) throws(SheetLayoutError) -> PanModalLayout {
        try container.validate()
        let long = resolvedLongFormHeight(scrollContentHeight: scrollContentHeight)
        let short = shortFormHeight ?? long
        for (form, height) in [(SheetStopName.long, long), (.short, short)] {
            if let points = height.points {
                guard points.isFinite, points >= 0, points <= SheetLayoutLimits.maximumCoordinate else {
                    throw .invalidFormHeight(form: form, value: points)
                }
            }
        }
        let fitting: Double
        if needsIntrinsicHeight(scrollContentHeight: scrollContentHeight) {
            guard let intrinsicHeight else { throw .missingIntrinsicHeight(library: .panModal) }
            try SheetLayoutLimits.checkSize(.intrinsicHeight, intrinsicHeight)
            fitting = intrinsicHeight
        } else {
            fitting = 0
        }
        let topOffset = resolvedTopOffset(in: container)
        let bottomY = container.height - topOffset
        func margin(_ height: PanModalHeight) -> Double {
            height.topMargin(
                bottomYPosition: bottomY, bottomSafeAreaInset: container.safeAreaBottom, intrinsicHeight: fitting)
        }
        let longY = max(margin(long), margin(.maxHeight)) + topOffset
        let shortY = max(margin(short) + topOffset, longY)
        return try PanModalLayout(
            longFormY: longY, shortFormY: shortY, containerHeight: container.height,
            topSafeAreaInset: container.safeAreaTop, topOffset: topOffset,
            anchorModalToLongForm: anchorModalToLongForm)
    }
}
