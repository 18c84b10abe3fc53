/// The sheet libraries PopSim models, each pinned to the release iOS apps pull in.
///
/// - FloatingPanel: tag 3.2.2 is `scenee/FloatingPanel@7efcc76` (a lightweight tag on the newest
///   commit read; its podspec and CHANGELOG there still say 3.2.1). Between 3.2.1
///   (`scenee/FloatingPanel@ee2c6fe`) and 7efcc76 only `Sources/SwiftUI/FloatingPanelView.swift`
///   changed, so every rule modelled here is the same in 3.2.1 and 3.2.2.
/// - PanModal: tag 1.2.7 is `slackhq/PanModal@b012aec`, the last release. The repository's newest
///   commit, `slackhq/PanModal@76ab89f` (archived), differs from it only in the presenter files and a
///   notice; the controller, animator and presentable defaults read here are identical in both, line
///   for line.
public enum SheetLibrary: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case floatingPanel = "floatingpanel"
    case panModal = "panmodal"

    /// `owner/name` on GitHub.
    public var repository: String {
        switch self {
        case .floatingPanel: return "scenee/FloatingPanel"
        case .panModal: return "slackhq/PanModal"
        }
    }

    /// The release the rules follow.
    public var release: SheetLibraryVersion {
        switch self {
        case .floatingPanel: return .floatingPanel
        case .panModal: return .panModal
        }
    }

    /// The release the rules follow, as `--library-version` names it.
    public var version: String { release.rawValue }

    /// The abbreviated commit of ``version``, the one every citation names.
    public var commit: String { release.commit }

    /// The stop names the library has, most expanded first.
    public var stopNames: [SheetStopName] {
        switch self {
        case .floatingPanel: return [.full, .half, .tip, .hidden]
        case .panModal: return [.long, .short]
        }
    }

    /// `floatingpanel`, `panmodal`: the words `--library` takes.
    public var description: String { rawValue }

    /// The valid `--library` values, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// The releases of the sheet libraries PopSim models, one each (``SheetLibrary/release``).
public enum SheetLibraryVersion: String, LibraryVersion {
    case floatingPanel = "3.2.2"
    case panModal = "1.2.7"

    public var commit: String {
        switch self {
        case .floatingPanel: return "7efcc76"
        case .panModal: return "b012aec"
        }
    }
}
