extension Substring {
    /// Without leading and trailing spaces (a hand-typed `1, 2` or a spreadsheet's `0, began`), found in
    /// one pass from each end (a loop of `dropLast()` would count the whole text at every step).
    public var trimmingSpaces: Substring {
        guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
