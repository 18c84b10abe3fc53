/// Reads chosen columns of a CSV of numbers by name, one row at a time in bounded memory: a recording
/// exported from a device, a spreadsheet or a log.
///
/// Lines starting with `#` and blank lines are skipped. The first other line is the header (a UTF-8 byte
/// order mark before it is ignored, names are trimmed of spaces); it must name every requested column and
/// may name others, which are not read. Every row must have as many fields as the header; the requested
/// fields must be finite decimal numbers. Errors are `file:line:column` with the column's name and the
/// text found.
public final class NumericColumnReader {
    /// The requested columns, in the order ``next()`` returns them.
    public let columns: [String]
    /// The lines read.
    public let lines: LineReader
    private var fieldCount = 0
    private var positions: [Int] = []
    private var finished = false

    /// Whether messages may quote the input's text: false for a file someone else named (a golden's
    /// frame-times file), whose content no message may show.
    public let quotesContent: Bool

    /// Opens `path` (standard input for `-`) and reads up to and including the header.
    public convenience init(path: String, columns: [String]) throws(InputError) {
        try self.init(lines: try LineReader(path: path), columns: columns)
    }

    /// Reads `lines` up to and including the header. With `quotingContent` false no message quotes
    /// the input (it names the line, the column and what was expected).
    public init(lines: LineReader, columns: [String], quotingContent: Bool = true) throws(InputError) {
        self.columns = columns
        self.lines = lines
        quotesContent = quotingContent
        guard let header = try nextContentLine() else {
            throw InputError(
                source: lines.path, line: lines.lineNumber == 0 ? nil : lines.lineNumber, column: nil,
                message: (lines.lineNumber == 0 ? "is empty: " : "") + "no header line: "
                    + "expected a CSV whose header names \(Self.quoted(columns))",
                malformed: true)
        }
        let text = Substring(header)
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { Self.trimmed($0) }
        fieldCount = names.count
        for column in columns {
            guard let index = names.firstIndex(where: { $0 == column }) else {
                let others = columns.filter { $0 != column }
                let header = quotingContent ? "the header '\(DiagnosticText.excerpt(text))'" : "the header"
                throw InputError(
                    source: lines.path, line: lines.lineNumber, column: nil,
                    message:
                        "\(header) has no column '\(DiagnosticText.excerpt(column))'"
                        + (others.isEmpty ? "" : "; the other columns needed are \(Self.quoted(others))"))
            }
            positions.append(index)
        }
    }

    /// The file name, or `standard input`.
    public var source: String { lines.path }
    /// The line last read (the header's, before the first row).
    public var lineNumber: Int { lines.lineNumber }

    /// The requested values of the next row, in ``columns`` order; nil at the end of the input.
    public func next() throws(InputError) -> [Double]? {
        guard !finished, let line = try nextContentLine() else {
            finished = true
            return nil
        }
        let fields = line.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard fields.count == fieldCount else {
            throw InputError(
                source: lines.path, line: lines.lineNumber, column: 1,
                message: "\(fields.count) fields, the header has \(fieldCount)")
        }
        var values: [Double] = []
        values.reserveCapacity(positions.count)
        for (column, position) in zip(columns, positions) {
            let field = fields[position]
            let text = Self.trimmed(Substring(field))
            let at = line.utf8.distance(from: line.utf8.startIndex, to: field.startIndex) + 1
            guard let value = Double(text) else {
                let found = quotesContent ? "'\(DiagnosticText.excerpt(text))', " : ""
                throw InputError(
                    source: lines.path, line: lines.lineNumber, column: at,
                    message: "column '\(DiagnosticText.excerpt(column))' is \(found)not a number")
            }
            guard value.isFinite else {
                let found = quotesContent ? "'\(DiagnosticText.excerpt(text))'" : "not finite"
                throw InputError(
                    source: lines.path, line: lines.lineNumber, column: at,
                    message: "column '\(DiagnosticText.excerpt(column))' is \(found): it must be a finite number")
            }
            values.append(value)
        }
        return values
    }

    private func nextContentLine() throws(InputError) -> String? {
        while var line = try lines.nextLine() {
            if lines.lineNumber == 1, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            let content = line.drop { $0 == " " || $0 == "\t" }
            if content.isEmpty || content.hasPrefix("#") { continue }
            return line
        }
        return nil
    }

    /// Column names as a message lists them, each quoted once and cut (a name can come from a flag).
    private static func quoted(_ names: [String]) -> String {
        names.map { DiagnosticText.excerpt($0) }.joined(separator: ",")
    }

    /// Without leading and trailing spaces and tabs, in one pass from each end.
    private static func trimmed(_ text: Substring) -> String {
        String(text.trimming { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
    }
}
