import PopSimTextIO

/// A golden decision table: what `popsim sweep … --golden` writes and `popsim check` (or PopSimTesting)
/// reruns. The first line records the command and the PopSim version that wrote it,
///
///     # popsim sweep popover --mode drag-down --translation 0,0:400:81 # written by popsim 0.2.0
///
/// then the sweep's CSV header and rows. Tables written before versions were recorded (0.1.0) have no
/// `# written by` part; ``writerVersion`` is then nil.
public struct GoldenDecisionTable: Sendable {
    /// Where the table came from, for messages (`path` or `rerun of path`).
    public let source: String
    /// The recorded command as written, e.g. `popsim sweep popover --mode drag-down …`.
    public let recordedCommand: String
    /// The PopSim version that wrote the table; nil when it was not recorded.
    public let writerVersion: String?
    public let header: [String]
    public let rows: [Row]

    /// One data row and its 1-based line number in the file.
    public struct Row: Sendable, Hashable {
        public let line: Int
        public let fields: [String]
    }

    /// What separates the command from the version on the first line.
    public static let versionMarker = " # written by popsim "

    /// The first line for a table of `command` written by this version.
    public static func firstLine(recordedCommand: String, version: String = PopSimVersion.current) -> String {
        "# " + recordedCommand + versionMarker + version + "\n"
    }

    /// Reads a golden table file.
    public init(path: String) throws(GoldenTableError) {
        let reader: LineReader
        do { reader = try LineReader(path: path) } catch { throw GoldenTableError(error) }
        var lines: [String] = []
        do {
            while let line = try reader.nextLine() { lines.append(line) }
        } catch {
            throw GoldenTableError(error)
        }
        try self.init(lines: lines, source: path)
    }

    /// Parses golden-table text (as a rerun produces it).
    public init(text: String, source: String) throws(GoldenTableError) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        try self.init(lines: lines, source: source)
    }

    private init(lines: [String], source: String) throws(GoldenTableError) {
        self.source = source
        guard let first = lines.first, first.hasPrefix("# ") else {
            throw GoldenTableError(source: source, line: 1,
                                   message: "not a golden table: the first line must be '# popsim sweep …' (write one with 'popsim sweep … --golden')")
        }
        var command = Substring(first.dropFirst(2))
        var version: String?
        if let marker = command.firstRange(of: Self.versionMarker) {
            let recorded = command[marker.upperBound...].trimmingSpaces
            guard !recorded.isEmpty, !recorded.contains(" ") else {
                throw GoldenTableError(source: source, line: 1, message: "not a golden table: '\(Self.versionMarker.dropFirst())' must be followed by a version such as 0.2.0")
            }
            version = String(recorded)
            command = command[..<marker.lowerBound]
        }
        guard command.hasPrefix("popsim sweep ") else {
            throw GoldenTableError(source: source, line: 1, message: "not a golden table: the recorded command must start with 'popsim sweep'")
        }
        guard lines.count >= 2, !lines[1].isEmpty, !lines[1].hasPrefix("#") else {
            throw GoldenTableError(source: source, line: 2, message: "not a golden table: missing the CSV header after the command line")
        }
        let header = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard let outcomeColumn = header.firstIndex(of: "outcome"),
              header[(outcomeColumn + 1)...].allSatisfy({ $0 == "ideal" || $0.hasPrefix("p_") }),
              header.last == "outcome" || header.last == "ideal" else {
            throw GoldenTableError(source: source, line: 2, message: "not a golden table: the header must end with 'outcome' (or 'outcome,ideal', with trials 'outcome,p_…,ideal')")
        }
        var rows: [Row] = []
        for (offset, line) in lines.dropFirst(2).enumerated() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == header.count else {
                throw GoldenTableError(source: source, line: offset + 3, message: "\(fields.count) fields, the header has \(header.count)")
            }
            rows.append(Row(line: offset + 3, fields: fields))
        }
        self.recordedCommand = String(command.trimmingSpaces)
        self.writerVersion = version
        self.header = header
        self.rows = rows
    }

    /// The number of input columns: everything before `outcome`.
    public var inputColumnCount: Int { header.firstIndex(of: "outcome") ?? header.count }

    /// A note when this table was written by another PopSim version than `version` (decisions are
    /// compared all the same); nil when the versions agree.
    public func versionNote(comparedWith version: String = PopSimVersion.current) -> String? {
        guard writerVersion != version else { return nil }
        let writer = writerVersion.map { "popsim \($0)" } ?? "a popsim version that did not record itself (before 0.2.0)"
        return "note: \(source) was written by \(writer); this is popsim \(version)"
    }

    /// Every difference between this table and `current` (a rerun of the same command).
    public func comparison(with current: GoldenDecisionTable) -> GoldenComparison {
        guard header == current.header else {
            return GoldenComparison(source: source, total: rows.count, changes: [],
                                    structuralChange: "the columns changed: golden \(header.joined(separator: ",")), now \(current.header.joined(separator: ","))")
        }
        guard rows.count == current.rows.count else {
            return GoldenComparison(source: source, total: rows.count, changes: [],
                                    structuralChange: "the grid changed: golden has \(rows.count) rows, the rerun \(current.rows.count)")
        }
        let inputs = inputColumnCount
        var changes: [DecisionChange] = []
        for (old, new) in zip(rows, current.rows) where old.fields != new.fields {
            changes.append(DecisionChange(line: old.line,
                                          inputs: Array(zip(header.prefix(inputs), old.fields.prefix(inputs))).map { DecisionChange.Input(column: $0, value: $1) },
                                          before: Array(old.fields.dropFirst(inputs)), after: Array(new.fields.dropFirst(inputs)),
                                          gridPointChanged: old.fields.prefix(inputs) != new.fields.prefix(inputs),
                                          beforeRow: old.fields, afterRow: new.fields))
        }
        return GoldenComparison(source: source, total: rows.count, changes: changes, structuralChange: nil)
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

    /// The line `popsim check` prints: `golden.csv:12: translation_y=120.0 velocity_y=0.0: returned → dismissed-down`.
    public func line(source: String) -> String {
        if gridPointChanged {
            return "\(source):\(line): grid point changed: \(beforeRow.joined(separator: ",")) → \(afterRow.joined(separator: ","))"
        }
        let point = inputs.map { "\($0.column)=\($0.value)" }.joined(separator: " ")
        return "\(source):\(line): \(point): \(before.joined(separator: ",")) → \(after.joined(separator: ","))"
    }
}

/// The result of comparing a golden table with a rerun.
public struct GoldenComparison: Sendable, CustomStringConvertible {
    public let source: String
    /// Decisions in the golden.
    public let total: Int
    public let changes: [DecisionChange]
    /// Set when the columns or the number of rows changed (then ``changes`` is empty).
    public let structuralChange: String?

    /// At most this many changed cells are listed (the count covers them all).
    public static let listedChanges = 200

    public var isUnchanged: Bool { changes.isEmpty && structuralChange == nil }

    /// The lines `popsim check` prints; empty when unchanged.
    public var lines: [String] {
        if let structuralChange { return [structuralChange] }
        guard !changes.isEmpty else { return [] }
        var lines = changes.prefix(Self.listedChanges).map { $0.line(source: source) }
        if changes.count > lines.count { lines.append("… and \(changes.count - lines.count) more") }
        lines.append("\(changes.count) of \(total) decisions changed")
        return lines
    }

    public var description: String {
        isUnchanged ? "ok: \(total) decisions unchanged (\(source))" : lines.joined(separator: "\n")
    }
}

/// A golden table that cannot be read: malformed (with its line) or unreadable.
public struct GoldenTableError: Error, Sendable, Equatable, CustomStringConvertible {
    public let source: String
    /// nil when the file itself could not be read.
    public let line: Int?
    public let message: String

    public init(source: String, line: Int?, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    init(_ error: InputError) {
        self.init(source: error.source, line: error.line, message: error.message)
    }

    /// Whether the file was read but is not a golden table.
    public var isMalformed: Bool { line != nil }

    public var description: String {
        line.map { "\(source):\($0): \(message)" } ?? "\(source): \(message)"
    }
}
