/// Text from the outside world (a flag value, a CSV field, a file name, a golden table's cells) made
/// safe to show on a terminal: control characters are escaped, so a newline or an escape sequence in
/// the input can neither forge a second `error:` line nor drive the terminal, and long input is cut,
/// so a 100 MB line is not echoed back.
///
/// Escaped: the C0 controls (CR, LF, TAB and ESC among them), DEL, the C1 controls (CSI U+009B and
/// OSC U+009D among them), the Unicode line and paragraph separators U+2028 and U+2029, and the
/// bidirectional marks, embeddings, overrides and isolates (which can make a quoted value read as
/// something else). CR, LF and TAB become `\r`, `\n` and `\t`, the others `\u{1B}`.
///
/// Cuts count UTF-8 bytes of the escaped text and fall between Unicode scalars, never inside one or
/// inside an escape: a letter followed by 50 000 combining marks is one grapheme but 100 001 bytes,
/// and is cut like any other long text. `…` marks a cut; the work is proportional to the limit, not
/// to the input.
public enum DiagnosticText {
    /// The most bytes of escaped input a message quotes as a value (a flag's value, a field).
    public static let excerptLimit = 64
    /// The most bytes of escaped input a message quotes as a file path.
    public static let pathLimit = 1024
    /// The most bytes of one message line, `error:` or `note:` (escaped, without its newline).
    public static let lineLimit = 4096

    /// At most `limit` bytes of `text`, escaped; `…` marks a cut.
    public static func excerpt(_ text: some StringProtocol, limit: Int = excerptLimit) -> String {
        escaped(text, limit: limit, keepingLineBreaks: false)
    }

    /// `text` with every control character escaped (a whole message that embeds input, such as a
    /// path), at most `limit` bytes in all: a cut text ends with `…` within the limit.
    public static func escapingControlCharacters(_ text: some StringProtocol, limit: Int = lineLimit) -> String {
        let ellipsis = "…".utf8.count
        let whole = escaped(text, limit: limit, keepingLineBreaks: false)
        guard whole.utf8.count > limit else { return whole }
        return escaped(text, limit: max(0, limit - ellipsis), keepingLineBreaks: false)
    }

    /// `text` for a terminal, line breaks and tabs kept: every other control character and escape
    /// escaped (a multi-line report that shows input, such as a golden table's changed cells). Not
    /// cut: quote each value in it with ``excerpt(_:limit:)``.
    public static func terminalText(_ text: some StringProtocol) -> String {
        escaped(text, limit: .max, keepingLineBreaks: true)
    }

    /// A multi-line report (what `check` prints): every line escaped and cut at ``lineLimit`` bytes.
    public static func reportText(_ text: some StringProtocol) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escapingControlCharacters($0) }
            .joined(separator: "\n")
    }

    private static func escaped(_ text: some StringProtocol, limit: Int, keepingLineBreaks: Bool) -> String {
        var result = ""
        var bytes = 0
        for scalar in text.unicodeScalars {
            let piece: String
            switch scalar {
            case "\n" where keepingLineBreaks, "\t" where keepingLineBreaks: piece = String(scalar)
            case "\n": piece = "\\n"
            case "\r": piece = "\\r"
            case "\t": piece = "\\t"
            case _ where needsEscape(scalar): piece = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: piece = String(scalar)
            }
            let count = piece.utf8.count
            if count > limit - bytes {
                result += "…"
                break
            }
            result.unicodeScalars.append(contentsOf: piece.unicodeScalars)
            bytes += count
        }
        return result
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional formatting
    /// characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }
}
