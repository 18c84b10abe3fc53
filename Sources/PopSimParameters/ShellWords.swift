import PopSimTextIO

/// Splitting and quoting command lines the way a POSIX shell does for the simple cases PopSim needs:
/// words separated by blanks, single quotes (literal), double quotes (with `\"` and `\\` escapes) and
/// backslash escapes outside quotes. Used for `--synth '…'` and for the command a golden table records.
///
/// Both directions work on Unicode scalars, not characters: a word that starts with a combining mark
/// would otherwise fuse with the quote before it into one character, and the quote would be lost.
public enum ShellWords {
    public static func split(_ line: String) throws(ParameterError) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var inWord = false
        var iterator = line.unicodeScalars.makeIterator()
        while let c = iterator.next() {
            switch c {
            case " ", "\t", "\n":
                if inWord {
                    words.append(String(current))
                    current = String.UnicodeScalarView()
                    inWord = false
                }
            case "'", "\"":
                inWord = true
                guard appendQuoted(closingAt: c, from: &iterator, to: &current) else {
                    let quote = c == "'" ? "single" : "double"
                    throw ParameterError("unterminated \(quote) quote in '\(DiagnosticText.excerpt(line))'")
                }
            case "\\":
                inWord = true
                if let escaped = iterator.next() { current.append(escaped) }
            default:
                inWord = true
                current.append(c)
            }
        }
        if inWord { words.append(String(current)) }
        return words
    }

    /// Appends what stands before the closing `quote` to `word`: literally in single quotes; in double
    /// quotes `\"` and `\\` stand for the character and any other backslash is kept. False when the line
    /// ends first.
    private static func appendQuoted(
        closingAt quote: Unicode.Scalar, from iterator: inout String.UnicodeScalarView.Iterator,
        to word: inout String.UnicodeScalarView
    ) -> Bool {
        while let q = iterator.next() {
            if q == quote { return true }
            if quote == "\"", q == "\\", let escaped = iterator.next() {
                if escaped != "\"" && escaped != "\\" { word.append("\\") }
                word.append(escaped)
            } else {
                word.append(q)
            }
        }
        return false
    }

    /// Quotes a word unless it is made only of ASCII letters, digits and `-_.,:/=+@%`.
    public static func quote(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy {
            $0.isASCII
                && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.,:/=+@%".unicodeScalars.contains($0))
        }
        if safe && !word.isEmpty { return word }
        return "'" + word.replacingSingleQuotes() + "'"
    }

    public static func join(_ words: [String]) -> String {
        words.map(quote).joined(separator: " ")
    }
}

extension String {
    fileprivate func replacingSingleQuotes() -> String {
        var result = String.UnicodeScalarView()
        for c in unicodeScalars {
            if c == "'" { result.append(contentsOf: "'\\''".unicodeScalars) } else { result.append(c) }
        }
        return String(result)
    }
}
