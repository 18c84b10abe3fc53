/// Text from the outside world (a flag value, a CSV field, a file name) made safe to quote in a
/// one-line `error:` message: control characters are escaped, so a newline or an escape sequence in
/// the input can neither forge a second `error:` line nor drive the terminal, and long input is cut to
/// a short prefix, so a 100 MB line is not echoed back.
public enum DiagnosticText {
    /// The most characters of input a message quotes.
    public static let excerptLimit = 64

    /// At most ``excerptLimit`` characters of `text`, escaped; `…` marks a cut.
    public static func excerpt(_ text: some StringProtocol, limit: Int = excerptLimit) -> String {
        var result = ""
        var count = 0
        for character in text {
            if count == limit {
                result += "…"
                break
            }
            result += escaped(character)
            count += 1
        }
        return result
    }

    /// All of `text`, with control characters escaped (for messages that are already ours but may
    /// embed input, such as a path).
    public static func escapingControlCharacters(_ text: some StringProtocol) -> String {
        var result = ""
        for character in text { result += escaped(character) }
        return result
    }

    private static func escaped(_ character: Character) -> String {
        guard character.unicodeScalars.contains(where: needsEscape) else { return String(character) }
        var text = ""
        for scalar in character.unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where needsEscape(scalar): text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// C0 and C1 controls, DEL, the Unicode line and paragraph separators, and the bidirectional
    /// overrides and isolates (which can make a quoted value read as something else).
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
