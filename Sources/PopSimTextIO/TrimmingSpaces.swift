extension Substring {
    /// Without leading and trailing spaces (a hand-typed `1, 2` or a spreadsheet's `0, began`).
    public var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
