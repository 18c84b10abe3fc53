/// A FloatingPanel layout as the release rule sees it: the attachment, each state's anchor position
/// (the moving edge, pt from the window's top, already rounded to the display scale), and what the
/// library derives from them (scenee/FloatingPanel@7efcc76 Sources/Layout.swift:99-152, 290-320).
///
/// Valid by construction: every state at most once, at least one, each position finite, and the states
/// strictly ordered by coordinate for the attachment after rounding (the library does not check the
/// order, its assertion is commented out at Sources/Layout.swift:823-826, but a layout out of order
/// or with two states on one pixel divides by zero in `targetState`).
public struct FloatingPanelLayout: Sendable, Hashable {
    /// `FloatingPanelLayout.position`.
    public let position: FloatingPanelPosition
    /// Pixels per point (`traitCollection.displayScale`).
    public let displayScale: Double
    /// The window's (the controller view's) height: where the default hidden anchor lies when the layout
    /// has none.
    public let windowHeight: Double
    /// `sortedAnchorStatesByCoordinate` (Sources/Layout.swift:121-130): the layout's states in
    /// increasing y.
    public let statesByCoordinate: [FloatingPanelState]
    /// Rounded anchor positions, indexed like `FloatingPanelState.allCases`; nil for a state the layout
    /// does not have.
    private let anchorPositions: [Double?]
    /// `position(for: .hidden)` when the layout has no hidden anchor.
    public let defaultHiddenPosition: Double

    /// The inset of the default hidden anchor: `absoluteInset: -100` from the superview's bottom edge
    /// (top edge for a top panel), i.e. 100 pt beyond the window (Sources/Layout.swift:290-301).
    public static let defaultHiddenInset = -100.0

    /// A layout from typed anchors.
    /// - Parameters:
    ///   - anchors: each state with its moving edge's y (pt from the window's top), in any order.
    ///   - windowHeight: the controller view's height (default: the default phone's, 852 pt).
    ///   - displayScale: pixels per point (default 3, the default phone's).
    public init(
        position: FloatingPanelPosition = .bottom, anchors: [(FloatingPanelState, Double)],
        windowHeight: Double = SheetScreenDefaults.windowHeight,
        displayScale: Double = SheetScreenDefaults.displayScale
    ) throws(SheetLayoutError) {
        try self.init(
            position: position, stops: anchors.map { SheetStop(name: $0.0.rawValue, y: $0.1) },
            windowHeight: windowHeight, displayScale: displayScale)
    }

    /// A layout from stops as a user names them (`full=80,half=426`). Refuses, naming the stop: names
    /// FloatingPanel does not have, a name given twice, a position that is not finite, and stops out of
    /// order (or on the same pixel) for the attachment.
    public init(
        position: FloatingPanelPosition = .bottom, stops: [SheetStop],
        windowHeight: Double = SheetScreenDefaults.windowHeight,
        displayScale: Double = SheetScreenDefaults.displayScale
    ) throws(SheetLayoutError) {
        try SheetLayoutLimits.checkSize(.windowHeight, windowHeight)
        try SheetLayoutLimits.checkDisplayScale(displayScale)
        guard !stops.isEmpty else { throw .noStops(library: .floatingPanel) }
        var given: [(state: FloatingPanelState, y: Double)] = []
        for stop in stops {
            guard let name = SheetStopName(rawValue: stop.name), let state = FloatingPanelState(name) else {
                throw .unknownStop(name: stop.name, library: .floatingPanel)
            }
            guard !given.contains(where: { $0.state == state }) else { throw .duplicateStop(name: stop.name) }
            try SheetLayoutLimits.checkPosition(stop.name, stop.y)
            given.append((state, stop.y))
        }
        // Most expanded first: for a bottom panel y must increase along this list, for a top panel decrease.
        given.sort { $0.state.order > $1.state.order }
        let relation = position == .bottom ? "below" : "above"
        let reason =
            position == .bottom
            ? "a bottom-attached panel's less expanded stops lie lower on screen"
            : "a top-attached panel's less expanded stops lie higher on screen"
        var positions = [Double?](repeating: nil, count: FloatingPanelState.allCases.count)
        for (index, anchor) in given.enumerated() {
            let rounded = DisplayScaleRounding.round(anchor.y, scale: displayScale)
            if index > 0 {
                let previous = given[index - 1]
                let ordered = position == .bottom ? anchor.y > previous.y : anchor.y < previous.y
                let previousRounded = positions[previous.state.index]!
                let roundedApart = rounded != previousRounded
                guard ordered && roundedApart else {
                    throw .outOfOrder(
                        name: anchor.state.rawValue, y: anchor.y, neighbour: previous.state.rawValue,
                        neighbourY: previous.y, relation: relation,
                        reason: ordered ? "they round to the same pixel at display scale \(displayScale)" : reason)
                }
            }
            positions[anchor.state.index] = rounded
        }
        self.position = position
        self.windowHeight = windowHeight
        self.displayScale = displayScale
        anchorPositions = positions
        let byExpansion = given.map(\.state)
        statesByCoordinate = position == .bottom ? byExpansion : byExpansion.reversed()
        let hiddenEdge = position == .bottom ? windowHeight - Self.defaultHiddenInset : Self.defaultHiddenInset
        defaultHiddenPosition = DisplayScaleRounding.round(hiddenEdge, scale: displayScale)
    }

    /// Whether the layout has an anchor for `state`.
    @inlinable
    public func contains(_ state: FloatingPanelState) -> Bool { anchor(of: state) != nil }

    /// The anchor's rounded position, or nil.
    @usableFromInline
    func anchor(of state: FloatingPanelState) -> Double? { anchorPositions[state.index] }

    /// `LayoutAdapter.position(for:)`: the state's anchor, or the default hidden anchor for a state the
    /// layout does not have (`layout.anchors[state] ?? self.hiddenAnchor`, Sources/Layout.swift:318-324).
    @inlinable
    public func position(for state: FloatingPanelState) -> Double {
        anchor(of: state) ?? defaultHiddenPosition
    }

    /// `mostExpandedState` (Sources/Layout.swift:147-152): the highest order, or the only state.
    public var mostExpandedState: FloatingPanelState {
        position == .bottom ? statesByCoordinate[0] : statesByCoordinate[statesByCoordinate.count - 1]
    }

    /// `leastExpandedState` (Sources/Layout.swift:140-145): the lowest order; `hidden` when the layout
    /// has a single state.
    public var leastExpandedState: FloatingPanelState {
        if statesByCoordinate.count == 1 { return .hidden }
        return position == .bottom ? statesByCoordinate[statesByCoordinate.count - 1] : statesByCoordinate[0]
    }

    /// The position of the hidden state (`position(for: .hidden)`), where removal measures its distance
    /// to (Sources/Core.swift:775).
    public var hiddenPosition: Double { position(for: .hidden) }

    /// The anchors as stops, in coordinate order.
    public var stops: [SheetStop] { statesByCoordinate.map { SheetStop($0.stopName, y: position(for: $0)) } }
}

extension FloatingPanelState {
    /// The index into per-state storage.
    @usableFromInline
    var index: Int {
        switch self {
        case .full: return 0
        case .half: return 1
        case .tip: return 2
        case .hidden: return 3
        }
    }

    /// `next(in:)` (scenee/FloatingPanel@7efcc76 Sources/State.swift:51-56): the following state in
    /// `states`, or itself at the end or when absent.
    func next(in states: [FloatingPanelState]) -> FloatingPanelState {
        guard let index = states.firstIndex(of: self), index + 1 < states.count else { return self }
        return states[index + 1]
    }

    /// `pre(in:)` (Sources/State.swift:58-63): the preceding state, or itself at the start or when absent.
    func pre(in states: [FloatingPanelState]) -> FloatingPanelState {
        guard let index = states.firstIndex(of: self), index > 0 else { return self }
        return states[index - 1]
    }
}
