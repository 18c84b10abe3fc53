import PopSimDynamics

/// Where the pan translation is measured from.
public enum PanTranslationOrigin: String, Sendable, Hashable, CaseIterable {
    /// From the touch-down location (the translation includes the recognition distance).
    case touchDown = "touch-down"
    /// From the location where the pan was recognised (the translation starts at 0).
    case recognition
}

/// How a model recognises pans and taps in a touch stream (LNPopupController's and the sheets' share it).
/// UIKit's thresholds are private; the defaults are Apple's documented counterparts
/// (Documentation/gestures.md §6) and every one is a parameter.
public struct TouchRecognition: Sendable, Hashable {
    /// A pan begins at the first sample farther than this from the touch-down location (strictly). UIKit's
    /// pan hysteresis is undocumented; 10 pt is SwiftUI `DragGesture`'s documented `minimumDistance`.
    public var panHysteresis: Double
    /// A touch that ends without having moved farther than this from its touch-down location is a tap.
    /// 10 pt is `UILongPressGestureRecognizer.allowableMovement`'s documented default (the tap's own is
    /// private).
    public var tapAllowableMovement: Double
    /// The longest touch still recognised as a tap, or nil for no limit (UIKit's limit is private and
    /// undocumented; the bar's highlight recogniser, minimum press 0, does not compete).
    public var tapMaximumDuration: Double?
    /// Where `translationInView:` counts from. UIKit does not document whether the recognition distance
    /// is included; the default keeps it (Apple documents the translation as the total over the gesture).
    public var translationOrigin: PanTranslationOrigin

    public init(
        panHysteresis: Double = 10, tapAllowableMovement: Double = 10, tapMaximumDuration: Double? = nil,
        translationOrigin: PanTranslationOrigin = .touchDown
    ) {
        self.panHysteresis = panHysteresis
        self.tapAllowableMovement = tapAllowableMovement
        self.tapMaximumDuration = tapMaximumDuration
        self.translationOrigin = translationOrigin
    }

    public static let `default` = TouchRecognition()

    func validate() throws(DynamicsError) {
        try PopupGeometry.require(
            panHysteresis.isFinite && panHysteresis >= 0, "panHysteresis", panHysteresis, "a finite number ≥ 0")
        try PopupGeometry.require(
            tapAllowableMovement.isFinite && tapAllowableMovement >= 0, "tapAllowableMovement",
            tapAllowableMovement, "a finite number ≥ 0")
        if let tapMaximumDuration {
            try PopupGeometry.require(
                tapMaximumDuration.isFinite && tapMaximumDuration > 0, "tapMaximumDuration",
                tapMaximumDuration, "a positive finite number")
        }
    }
}

/// The name ``TouchRecognition`` had when only the popup used it.
public typealias PopupTouchRecognition = TouchRecognition
