/// One stop as a user writes it (`half=417`): a name and the position of the sheet's moving edge, in
/// points from the window's top. The name is kept as typed so that a layout can refuse it by name.
public struct SheetStop: Sendable, Hashable {
    public var name: String
    /// The moving edge at this stop: a bottom sheet's top edge, a top sheet's bottom edge (pt, y down).
    public var y: Double
}

extension SheetStop {
    /// A stop named by the library's vocabulary (`SheetStop(.half, y: 417)`).
    public init(_ name: SheetStopName, y: Double) {
        self.init(name: name.rawValue, y: y)
    }
}
