extension Substring {
    /// Without leading and trailing spaces (a hand-typed `1, 2` or a spreadsheet's `0, began`): ASCII
    /// spaces found byte by byte from each end, so the work is linear in the spaces removed (a loop of
    /// `dropLast()` counted the whole text at every step).
    public var trimmingSpaces: Substring { trimming { $0 == UInt8(ascii: " ") } }

    /// Without leading and trailing ASCII bytes that `isBlank` accepts (spaces, tabs).
    public func trimming(_ isBlank: (UInt8) -> Bool) -> Substring {
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start != end, isBlank(utf8[start]) { utf8.formIndex(after: &start) }
        while end != start {
            let before = utf8.index(before: end)
            guard isBlank(utf8[before]) else { break }
            end = before
        }
        return self[start..<end]
    }

    /// The first occurrence of `needle`, which starts with an ASCII byte, compared byte by byte: at most
    /// the needle's length in comparisons per byte of the text, however the text repeats (Swift's
    /// `firstRange(of:)` compares characters, hashing each, about a microsecond per character).
    public func firstRange(ofText needle: String) -> Range<Index>? {
        let pattern = Array(needle.utf8)
        precondition(pattern.first.map { $0 < 0x80 } ?? false, "the needle starts with an ASCII byte")
        var index = utf8.startIndex
        while index != utf8.endIndex {
            var probe = index
            var matched = 0
            while matched < pattern.count, probe != utf8.endIndex, utf8[probe] == pattern[matched] {
                utf8.formIndex(after: &probe)
                matched += 1
            }
            if matched == pattern.count { return index..<probe }
            utf8.formIndex(after: &index)
        }
        return nil
    }
}
