import PopSimTextIO

/// The first two lines of a golden decision table: what `popsim sweep … --golden` writes before its
/// rows and `popsim check` (or PopSimTesting) reads to rerun them,
///
///     # popsim sweep popover --mode drag-down --translation 0,0:400:81 # written by popsim 0.2.0
///     translation_y,outcome
///
/// the recorded command and the PopSim version that wrote it, then the sweep's CSV header. Tables
/// written before versions were recorded (0.1.0) have no `# written by` part; ``writerVersion`` is then
/// nil.
public struct GoldenHeader: Sendable, Hashable {
    /// Where the table came from, for messages (`path` or `rerun of path`).
    public let source: String
    /// The recorded command as written, e.g. `popsim sweep popover --mode drag-down …`.
    public let recordedCommand: String
    /// The PopSim version that wrote the table; nil when it was not recorded.
    public let writerVersion: String?
    /// The CSV header's columns.
    public let columns: [String]

    /// What separates the command from the version on the first line.
    public static let versionMarker = " # written by popsim "

    /// The longest version a golden may record (`0.2.0`, `10.12.3-beta.4`): a version, not a payload.
    public static let maximumVersionLength = 32

    /// The first line for a table of `command` written by this version.
    public static func firstLine(recordedCommand: String, version: String = PopSimVersion.current) -> String {
        "# " + recordedCommand + versionMarker + version + "\n"
    }

    /// Parses the first line and the CSV header (lines 1 and 2 of `source`).
    public init(firstLine: String?, headerLine: String?, source: String) throws(GoldenTableError) {
        self.source = source
        func malformed(_ line: Int, _ message: String) -> GoldenTableError {
            GoldenTableError(source: source, line: line, message: "not a golden table: " + message)
        }
        guard let first = firstLine, first.hasPrefix("# ") else {
            throw malformed(
                1, "the first line must be '# popsim sweep …' (write one with 'popsim sweep … --golden')")
        }
        var command = Substring(first.dropFirst(2))
        var version: String?
        if let marker = command.firstRange(ofText: Self.versionMarker) {
            let recorded = command[marker.upperBound...].trimmingSpaces
            guard !recorded.isEmpty, recorded.utf8.count <= Self.maximumVersionLength,
                recorded.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
            else {
                throw malformed(
                    1,
                    "'\(Self.versionMarker.dropFirst())' must be followed by a version such as 0.2.0 (printable ASCII, "
                        + "at most \(Self.maximumVersionLength) characters)"
                )
            }
            version = String(recorded)
            command = command[..<marker.lowerBound]
        }
        guard command.hasPrefix("popsim sweep ") || command.hasPrefix("popsim threshold ") else {
            throw malformed(1, "the recorded command must start with 'popsim sweep'")
        }
        guard let header = headerLine, !header.isEmpty, !header.hasPrefix("#") else {
            throw malformed(2, "missing the CSV header after the command line")
        }
        let columns = header.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard let outcomeColumn = columns.firstIndex(of: "outcome"),
            columns[(outcomeColumn + 1)...].allSatisfy({ $0 == "ideal" || $0.hasPrefix("p_") }),
            columns.last == "outcome" || columns.last == "ideal"
        else {
            throw malformed(
                2, "the header must end with 'outcome' (or 'outcome,ideal', with trials 'outcome,p_…,ideal')")
        }
        recordedCommand = String(command.trimmingSpaces)
        writerVersion = version
        self.columns = columns
    }

    /// The number of input columns: everything before `outcome`.
    public var inputColumnCount: Int { columns.firstIndex(of: "outcome") ?? columns.count }

    /// A note when this table was written by another PopSim version than `version` (decisions are
    /// compared all the same); nil when the versions agree.
    public func versionNote(comparedWith version: String = PopSimVersion.current) -> String? {
        guard writerVersion != version else { return nil }
        let writer =
            writerVersion.map { "popsim \($0)" } ?? "a popsim version that did not record itself (before 0.2.0)"
        return
            "note: \(DiagnosticText.excerpt(source, limit: DiagnosticText.pathLimit)) "
            + "was written by \(writer); this is popsim \(version)"
    }

    /// One data row's fields, checked against the header: a malformed table otherwise.
    func fields(of line: String, at number: Int) throws(GoldenTableError) -> [String] {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == columns.count else {
            throw GoldenTableError(
                source: source, line: number, message: "\(fields.count) fields, the header has \(columns.count)")
        }
        return fields
    }
}

/// A golden table that cannot be read: malformed (with its line) or unreadable.
public struct GoldenTableError: Error, Sendable, Equatable, CustomStringConvertible {
    public let source: String
    /// nil when the file itself could not be read.
    public let line: Int?
    public let message: String
    /// Whether the file was read but is not a golden table (or names what a golden may not).
    public let isMalformed: Bool

    /// `malformed` defaults to whether a line is given.
    public init(source: String, line: Int?, message: String, malformed: Bool? = nil) {
        self.source = source
        self.line = line
        self.message = message
        isMalformed = malformed ?? (line != nil)
    }

    init(_ error: InputError) {
        self.init(source: error.source, line: error.line, message: error.message, malformed: error.isMalformed)
    }

    public var description: String {
        let source = DiagnosticText.escapingControlCharacters(self.source)
        return line.map { "\(source):\($0): \(message)" } ?? "\(source): \(message)"
    }
}
