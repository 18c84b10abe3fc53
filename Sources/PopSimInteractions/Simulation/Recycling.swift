/// Taking a finished run's storage for the next one: a model restarted for another decision appends to
/// the arrays its previous run filled (``SimulatedModel/restart()``), so a sweep allocates
/// nothing per decision once they are large enough.
enum Recycling {
    /// `array`'s storage, emptied, leaving an empty array in its place (so the storage is not shared).
    static func emptied<Element>(_ array: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &array)
        taken.removeAll(keepingCapacity: true)
        return taken
    }
}
