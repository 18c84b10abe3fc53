/// Where PanModal's stops lie, as `PanModalPresentationController` stores them
/// (slackhq/PanModal@b012aec PanModal/Controller/PanModalPresentationController.swift:80-93, 423-434):
/// the modal's top edge (pt from the container's top) at the long form and the short form, the
/// container's height (the dismiss position), and the anchored position the drag cannot pass.
///
/// What the presentable's defaults imply (PanModal/Presentable/PanModalPresentable+Defaults.swift and
/// +LayoutHelpers.swift): `topOffset` = the top safe-area inset + 21 pt (+Defaults.swift:16-18); the long
/// form lies at or below it (`longFormYPos` adds it to a margin ≥ 0, +LayoutHelpers.swift:72-74), by default
/// exactly there (`longFormHeight` is `.maxHeight` without a scroll view, +Defaults.swift:24-32); the short
/// form defaults to the long form (+Defaults.swift:20-22) and never lies above it (`max(shortFormYPos,
/// longFormYPos)`, +LayoutHelpers.swift:55-64); no height puts a stop below the container's bottom.
public struct PanModalLayout: Sendable, Hashable {
    /// What `topOffset` adds to the top safe-area inset, pt (+Defaults.swift:16-18).
    public static let topOffsetBelowSafeArea = 21.0

    /// `longFormYPosition`.
    public let longFormY: Double
    /// `shortFormYPosition` (≥ ``longFormY``).
    public let shortFormY: Double
    /// `containerView.bounds.height`: the dismiss position and the third candidate of the nearest-stop
    /// rule.
    public let containerHeight: Double
    /// `topOffset`.
    public let topOffset: Double
    /// `anchorModalToLongForm` (default true, +Defaults.swift:63-65): the drag stops at the long form; when
    /// false it stops at ``topOffset`` and moves at half rate above the long form.
    public let anchorModalToLongForm: Bool

    /// `anchoredYPosition` (PanModalPresentationController.swift:90-93).
    public var anchoredY: Double { anchorModalToLongForm ? longFormY : topOffset }

    /// A layout from positions.
    /// - Parameters:
    ///   - longFormY: nil for the library's default, ``topOffset`` (`.maxHeight`).
    ///   - shortFormY: nil for the library's default, the long form.
    ///   - containerHeight: the window's height (default the default phone's, 852 pt).
    ///   - topSafeAreaInset: the presenting window's top safe-area inset (default 59 pt).
    ///   - topOffset: the presentable's `topOffset`; nil: its default, the top safe-area inset + 21 pt.
    public init(
        longFormY: Double? = nil, shortFormY: Double? = nil,
        containerHeight: Double = SheetScreenDefaults.windowHeight,
        topSafeAreaInset: Double = SheetScreenDefaults.topSafeAreaInset, topOffset: Double? = nil,
        anchorModalToLongForm: Bool = true
    ) throws(SheetLayoutError) {
        try SheetLayoutLimits.checkSize(.containerHeight, containerHeight)
        let topOffset = try Self.topOffset(
            topOffset, topSafeAreaInset: topSafeAreaInset, containerHeight: containerHeight)
        let long = longFormY ?? topOffset
        let short = shortFormY ?? long
        for (name, y) in [("long", long), ("short", short)] {
            try SheetLayoutLimits.checkPosition(name, y)
            guard y <= containerHeight else {
                throw .stopOutsideLibraryRange(
                    name: name, y: y,
                    requirement:
                        "PanModal places no stop below the container's bottom (\(containerHeight) pt); "
                        + "give a y ≤ that")
            }
        }
        guard long >= topOffset else {
            throw .stopOutsideLibraryRange(
                name: "long", y: long,
                requirement:
                    "PanModal's long form lies at or below topOffset = \(topOffset) pt "
                    + "(longFormYPos adds topOffset to a margin ≥ 0); give a y ≥ that, or a smaller topOffset")
        }
        guard short >= long else {
            throw .outOfOrder(
                name: "short", y: short, neighbour: "long", neighbourY: long, relation: "below or at",
                reason: "PanModal moves a short form above the long form down to it, shortFormYPos = "
                    + "max(short, long)")
        }
        self.longFormY = long
        self.shortFormY = short
        self.containerHeight = containerHeight
        self.topOffset = topOffset
        self.anchorModalToLongForm = anchorModalToLongForm
    }

    /// A layout from stops as a user names them (`long=80,short=500`); either may be left out for the
    /// library's default.
    public init(
        stops: [SheetStop], containerHeight: Double = SheetScreenDefaults.windowHeight,
        topSafeAreaInset: Double = SheetScreenDefaults.topSafeAreaInset, topOffset: Double? = nil,
        anchorModalToLongForm: Bool = true
    ) throws(SheetLayoutError) {
        var long: Double?
        var short: Double?
        for stop in stops {
            guard let name = SheetStopName(rawValue: stop.name), let state = PanModalPresentationState(name) else {
                throw .unknownStop(name: stop.name, library: .panModal)
            }
            try SheetLayoutLimits.checkPosition(stop.name, stop.y)
            switch state {
            case .longForm:
                guard long == nil else { throw .duplicateStop(name: stop.name) }
                long = stop.y
            case .shortForm:
                guard short == nil else { throw .duplicateStop(name: stop.name) }
                short = stop.y
            }
        }
        try self.init(
            longFormY: long, shortFormY: short, containerHeight: containerHeight,
            topSafeAreaInset: topSafeAreaInset, topOffset: topOffset, anchorModalToLongForm: anchorModalToLongForm)
    }

    /// `topOffset`: the given one, finite, ≥ 0 and above the container's bottom, or the top safe-area
    /// inset + 21 pt, which must be too.
    static func topOffset(
        _ given: Double?, topSafeAreaInset: Double, containerHeight: Double
    ) throws(SheetLayoutError) -> Double {
        if let given {
            guard given.isFinite, given >= 0, given < containerHeight else {
                throw .invalidParameter(
                    name: .topOffset, value: given,
                    requirement: "a finite number of points ≥ 0 below the container's height \(containerHeight)")
            }
            return given
        }
        guard topSafeAreaInset.isFinite, topSafeAreaInset >= 0,
            topSafeAreaInset + Self.topOffsetBelowSafeArea < containerHeight
        else {
            throw .invalidParameter(
                name: .topSafeAreaInset, value: topSafeAreaInset,
                requirement: "a finite number ≥ 0 with inset + 21 (topOffset) below the container's height "
                    + "\(containerHeight)")
        }
        return topSafeAreaInset + Self.topOffsetBelowSafeArea
    }

    /// The stop's position.
    public func position(for state: PanModalPresentationState) -> Double {
        state == .longForm ? longFormY : shortFormY
    }

    /// Long then short.
    public var stops: [SheetStop] { [SheetStop(.long, y: longFormY), SheetStop(.short, y: shortFormY)] }
}
