/// The LNPopupController releases PopSim models: 4.5.6.1 is the only one
/// (`LeoNatan/LNPopupController@be3afaa`, also the newest commit read).
public enum PopupLibraryVersion: String, LibraryVersion {
    case v4_5_6_1 = "4.5.6.1"

    /// The release the model follows.
    public static let modelled = PopupLibraryVersion.v4_5_6_1

    public var commit: String {
        switch self {
        case .v4_5_6_1: return "be3afaa"
        }
    }
}
