import PopSimTextIO

/// The text forms of a sheet's configuration on the command line: `--anchors`' specs and `--short-form`,
/// `--long-form`'s heights. Each reads back as the value it writes; a refusal says why in words that
/// follow the flag's name.
extension FloatingPanelAnchor {
    /// `absolute:INSET@EDGE[/GUIDE]`, `fractional:F@EDGE[/GUIDE]`, `intrinsic-absolute:OFFSET[@GUIDE]`,
    /// `intrinsic-fractional:F[@GUIDE]`: the four initialisers, GUIDE `safe-area` (default) or
    /// `superview`.
    public static let specSyntax =
        "absolute:INSET@EDGE[/GUIDE], fractional:F@EDGE[/GUIDE], intrinsic-absolute:OFFSET[@GUIDE] or "
        + "intrinsic-fractional:F[@GUIDE], EDGE top or bottom, GUIDE safe-area (the default) or superview"

    /// The anchor `spec` writes; throws the reason it does not.
    public init(spec: Substring) throws(SheetConfigurationTextError) {
        guard let colon = spec.firstIndex(of: ":") else {
            throw .init("'\(DiagnosticText.excerpt(spec))' has no KIND:VALUE; write \(Self.specSyntax)")
        }
        let kind = spec[..<colon]
        let rest = spec[spec.index(after: colon)...]
        switch kind {
        case "absolute", "fractional":
            guard let at = rest.firstIndex(of: "@") else {
                throw .init("'\(DiagnosticText.excerpt(spec))' has no @EDGE; write \(kind):VALUE@top or @bottom")
            }
            let value = try Self.number(rest[..<at], in: spec, fraction: kind == "fractional")
            let edgeAndGuide = rest[rest.index(after: at)...]
            let slash = edgeAndGuide.firstIndex(of: "/")
            let edgeText = slash.map { edgeAndGuide[..<$0] } ?? edgeAndGuide
            guard let edge = FloatingPanelReferenceEdge(rawValue: String(edgeText)) else {
                throw .init(
                    "edge '\(DiagnosticText.excerpt(edgeText))' in '\(DiagnosticText.excerpt(spec))' is not "
                        + "top or bottom")
            }
            let guide = try Self.guide(slash.map { edgeAndGuide[edgeAndGuide.index(after: $0)...] }, in: spec)
            self =
                kind == "absolute"
                ? FloatingPanelAnchor(absoluteInset: value, edge: edge, referenceGuide: guide)
                : FloatingPanelAnchor(fractionalInset: value, edge: edge, referenceGuide: guide)
        case "intrinsic-absolute", "intrinsic-fractional":
            let at = rest.firstIndex(of: "@")
            let value = try Self.number(
                at.map { rest[..<$0] } ?? rest, in: spec, fraction: kind != "intrinsic-absolute")
            let guide = try Self.guide(at.map { rest[rest.index(after: $0)...] }, in: spec)
            self =
                kind == "intrinsic-absolute"
                ? FloatingPanelAnchor(absoluteOffset: value, referenceGuide: guide)
                : FloatingPanelAnchor(fractionalOffset: value, referenceGuide: guide)
        default:
            throw .init("kind '\(DiagnosticText.excerpt(kind))' is not one of \(Self.specSyntax)")
        }
    }

    /// The spec, the guide written only when it is not the default.
    public var spec: String {
        let guide = referenceGuide == .safeArea ? "" : referenceGuide.rawValue
        switch kind {
        case .inset(let inset, let isAbsolute, let edge):
            return (isAbsolute ? "absolute:" : "fractional:") + compact(inset) + "@\(edge)"
                + (guide.isEmpty ? "" : "/" + guide)
        case .intrinsic(let offset, let isAbsolute):
            return (isAbsolute ? "intrinsic-absolute:" : "intrinsic-fractional:") + compact(offset)
                + (guide.isEmpty ? "" : "@" + guide)
        }
    }

    private static func number(
        _ text: Substring, in spec: Substring, fraction: Bool
    ) throws(SheetConfigurationTextError) -> Double {
        let what = fraction ? "fraction" : "number of points"
        guard let value = Double(text), value.isFinite else {
            throw .init(
                "'\(DiagnosticText.excerpt(text))' in '\(DiagnosticText.excerpt(spec))' is not a number; give a \(what)"
            )
        }
        guard value >= 0, value <= SheetLayoutLimits.maximumCoordinate else {
            throw .init(
                "'\(DiagnosticText.excerpt(text))' in '\(DiagnosticText.excerpt(spec))' is negative or too large; "
                    + "give a \(what) from 0 to \(compact(SheetLayoutLimits.maximumCoordinate))")
        }
        return value
    }

    private static func guide(
        _ text: Substring?, in spec: Substring
    ) throws(SheetConfigurationTextError) -> FloatingPanelReferenceGuide {
        guard let text else { return .safeArea }
        guard let guide = FloatingPanelReferenceGuide(rawValue: String(text)) else {
            throw .init(
                "guide '\(DiagnosticText.excerpt(text))' in '\(DiagnosticText.excerpt(spec))' is not safe-area or "
                    + "superview")
        }
        return guide
    }
}

extension FloatingPanelAnchoredLayout {
    /// `STATE=SPEC,…`: each state once.
    public static func anchors(text: String) throws(SheetConfigurationTextError) -> [FloatingPanelState:
        FloatingPanelAnchor]
    {
        var anchors: [FloatingPanelState: FloatingPanelAnchor] = [:]
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let equals = item.firstIndex(of: "=") else {
                throw .init(
                    "'\(DiagnosticText.excerpt(item))' is not STATE=SPEC; e.g. \(Self.bottomLayout.anchorsText)")
            }
            let name = item[..<equals]
            guard let state = FloatingPanelState(rawValue: String(name)) else {
                throw .init(
                    "'\(DiagnosticText.excerpt(name))' is not a state of FloatingPanel; use full, half, tip or hidden")
            }
            guard anchors[state] == nil else { throw .init("\(state) is given twice; give each state once") }
            anchors[state] = try FloatingPanelAnchor(spec: item[item.index(after: equals)...])
        }
        return anchors
    }

    /// The anchors as `--anchors` writes them, most expanded first.
    public var anchorsText: String {
        FloatingPanelState.allCases.compactMap { state in anchors[state].map { "\(state)=\($0.spec)" } }
            .joined(separator: ",")
    }
}

extension PanModalHeight {
    /// `max`, `max-inset:PT`, `content:PT`, `content-ignoring-safe-area:PT`, `intrinsic`.
    public static let specSyntax = "max, max-inset:PT, content:PT, content-ignoring-safe-area:PT or intrinsic"

    public init(spec: String) throws(SheetConfigurationTextError) {
        switch spec {
        case "max": self = .maxHeight
        case "intrinsic": self = .intrinsicHeight
        default:
            guard let colon = spec.firstIndex(of: ":") else {
                throw .init("'\(DiagnosticText.excerpt(spec))' is not one of \(Self.specSyntax)")
            }
            let text = spec[spec.index(after: colon)...]
            guard let points = Double(text), points.isFinite, points >= 0,
                points <= SheetLayoutLimits.maximumCoordinate
            else {
                throw .init(
                    "'\(DiagnosticText.excerpt(text))' is not a number of points from 0 to "
                        + compact(SheetLayoutLimits.maximumCoordinate))
            }
            switch spec[..<colon] {
            case "max-inset": self = .maxHeightWithTopInset(points)
            case "content": self = .contentHeight(points)
            case "content-ignoring-safe-area": self = .contentHeightIgnoringSafeArea(points)
            default: throw .init("'\(DiagnosticText.excerpt(spec))' is not one of \(Self.specSyntax)")
            }
        }
    }

    public var spec: String {
        switch self {
        case .maxHeight: return "max"
        case .maxHeightWithTopInset(let points): return "max-inset:" + compact(points)
        case .contentHeight(let points): return "content:" + compact(points)
        case .contentHeightIgnoringSafeArea(let points): return "content-ignoring-safe-area:" + compact(points)
        case .intrinsicHeight: return "intrinsic"
        }
    }
}

/// Why a configuration's text does not read: the reason, worded to follow the flag's name.
public struct SheetConfigurationTextError: Error, Sendable, Hashable, CustomStringConvertible {
    public let reason: String

    init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}

private func compact(_ value: Double) -> String { NumberFormat.compact.format(value) }
