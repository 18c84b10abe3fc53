import PopSimTextIO

/// Compares a golden table's rows with a rerun's, one row at a time, keeping only what it reports: the
/// first ``GoldenComparison/listedChanges`` changed cells and the count of the rest. Memory does not
/// grow with the table.
public struct GoldenComparer: Sendable {
    public let header: GoldenHeader
    private var changes: [DecisionChange] = []
    private var changed = 0
    private var compared = 0

    public init(header: GoldenHeader) {
        self.header = header
    }

    /// Compares the golden's row at `line` (its text) with the rerun's row of the same index.
    public mutating func compare(golden: String, line: Int, rerun: String) {
        compared += 1
        guard golden != rerun else { return }
        changed += 1
        guard changes.count < GoldenComparison.listedChanges else { return }
        let old = golden.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let new = rerun.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let inputs = header.inputColumnCount
        changes.append(
            DecisionChange(
                line: line,
                inputs: zip(header.columns.prefix(inputs), old.prefix(inputs)).map {
                    DecisionChange.Input(column: $0, value: $1)
                },
                before: Array(old.dropFirst(inputs)), after: Array(new.dropFirst(inputs)),
                gridPointChanged: old.prefix(inputs) != new.prefix(inputs),
                beforeRow: old, afterRow: new))
    }

    /// The comparison so far.
    public var result: GoldenComparison {
        GoldenComparison(
            source: header.source, total: compared, changes: changes, changed: changed, structuralChange: nil)
    }
}

/// One changed cell of a golden table.
public struct DecisionChange: Sendable, Hashable {
    public struct Input: Sendable, Hashable {
        public let column: String
        public let value: String
    }

    /// The golden's line.
    public let line: Int
    /// The grid point (the golden's values).
    public let inputs: [Input]
    /// The outcome columns before and after (`outcome`, and `ideal` for a pipeline table).
    public let before: [String]
    public let after: [String]
    /// The rerun's grid point differs (the recorded grid no longer yields the same values).
    public let gridPointChanged: Bool
    let beforeRow: [String]
    let afterRow: [String]

    /// The line `popsim check` prints: `golden.csv:12: translation_y=120.0 velocity_y=0.0: returned →
    /// dismissed-down`, every field from the golden escaped and cut, so a crafted golden cannot drive
    /// the terminal.
    public func line(source: String) -> String {
        let source = DiagnosticText.escapingControlCharacters(source)
        func text(_ fields: [String]) -> String { fields.map { DiagnosticText.excerpt($0) }.joined(separator: ",") }
        if gridPointChanged {
            return "\(source):\(line): grid point changed: \(text(beforeRow)) → \(text(afterRow))"
        }
        let point = inputs.map { "\(DiagnosticText.excerpt($0.column))=\(DiagnosticText.excerpt($0.value))" }.joined(
            separator: " ")
        return "\(source):\(line): \(point): \(text(before)) → \(text(after))"
    }
}

/// The result of comparing a golden table with a rerun.
public struct GoldenComparison: Sendable, CustomStringConvertible {
    public let source: String
    /// Decisions compared.
    public let total: Int
    /// The first ``listedChanges`` changed cells.
    public let changes: [DecisionChange]
    /// How many cells changed in all.
    public let changed: Int
    /// Set when the columns or the number of rows changed (then ``changes`` is empty).
    public let structuralChange: String?

    /// At most this many changed cells are listed (the count covers them all).
    public static let listedChanges = 200

    /// A change of the table's shape: its columns or its number of rows.
    public static func structural(_ source: String, total: Int, _ change: String) -> GoldenComparison {
        GoldenComparison(source: source, total: total, changes: [], changed: 0, structuralChange: change)
    }

    public var isUnchanged: Bool { changed == 0 && structuralChange == nil }

    /// The lines `popsim check` prints; empty when unchanged.
    public var lines: [String] {
        if let structuralChange { return [structuralChange] }
        guard changed > 0 else { return [] }
        var lines = changes.map { $0.line(source: source) }
        if changed > lines.count { lines.append("… and \(changed - lines.count) more") }
        lines.append("\(changed) of \(total) decisions changed")
        return lines
    }

    public var description: String {
        isUnchanged
            ? "ok: \(total) decisions unchanged (\(DiagnosticText.excerpt(source, limit: DiagnosticText.pathLimit)))"
            : lines.joined(separator: "\n")
    }
}

/// A golden table held in memory: its header and rows, from text (a test's, or a table built in code).
/// `popsim check` streams instead (``GoldenCheck``).
public struct GoldenDecisionTable: Sendable {
    public let header: GoldenHeader
    public let rows: [Row]

    /// One data row, its fields and its 1-based line number in the file.
    public struct Row: Sendable, Hashable {
        public let line: Int
        public let text: String
        public var fields: [String] { text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    public var source: String { header.source }
    public var recordedCommand: String { header.recordedCommand }
    public var writerVersion: String? { header.writerVersion }

    /// The first line for a table of `command` written by this version.
    public static func firstLine(recordedCommand: String, version: String = PopSimVersion.current) -> String {
        GoldenHeader.firstLine(recordedCommand: recordedCommand, version: version)
    }

    /// Parses golden-table text.
    public init(text: String, source: String) throws(GoldenTableError) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        header = try GoldenHeader(firstLine: lines.first, headerLine: lines.dropFirst().first, source: source)
        var rows: [Row] = []
        for (offset, line) in lines.dropFirst(2).enumerated() where !line.isEmpty {
            _ = try header.fields(of: line, at: offset + 3)
            rows.append(Row(line: offset + 3, text: line))
        }
        self.rows = rows
    }

    public func versionNote(comparedWith version: String = PopSimVersion.current) -> String? {
        header.versionNote(comparedWith: version)
    }

    /// Every difference between this table and `current` (a rerun of the same command).
    public func comparison(with current: GoldenDecisionTable) -> GoldenComparison {
        guard header.columns == current.header.columns else {
            return .structural(source, total: rows.count, Self.columnsChanged(header.columns, current.header.columns))
        }
        guard rows.count == current.rows.count else {
            return .structural(
                source, total: rows.count,
                "the grid changed: golden has \(rows.count) rows, the rerun \(current.rows.count)")
        }
        var comparer = GoldenComparer(header: header)
        for (old, new) in zip(rows, current.rows) {
            comparer.compare(golden: old.text, line: old.line, rerun: new.text)
        }
        return comparer.result
    }

    static func columnsChanged(_ golden: [String], _ now: [String]) -> String {
        "the columns changed: golden \(DiagnosticText.excerpt(golden.joined(separator: ","), limit: 256)), "
            + "now \(now.joined(separator: ","))"
    }
}
