import PopSimInteractions
import PopSimParameters
import PopSimTextIO

/// Reruns the sweep a golden decision table records and compares it with the golden row by row: what
/// `popsim check` and PopSimTesting do. Both sides stream: the golden is read line by line (first to
/// validate it and count its rows against the recorded grid, before anything is rerun; then beside the
/// rerun), and the rerun is computed chunk by chunk, so memory stays bounded whatever the recorded grid
/// or the file. The recorded command must describe a plain sweep (a golden from someone else must not
/// write files or run anything else on the reader's machine).
public enum GoldenCheck {
    public struct Result: Sendable {
        public let header: GoldenHeader
        public let comparison: GoldenComparison
        /// The rerun's canonical command (what an updated golden records).
        public let rerunCommand: String
    }

    /// Reruns the golden at `path` (`-`: standard input) on `jobs` threads. With `rerunOutput`, the
    /// rerun's whole text (first line, header, rows) is written there as it is computed, for the caller
    /// to keep only when something changed.
    public static func run(path: String, jobs: Int = 1, rerunOutput: (any TextSink)? = nil) throws -> Result {
        let reader: LineReader
        do { reader = try LineReader(path: path) } catch { throw GoldenTableError(error) }
        let header = try GoldenHeader(
            firstLine: try line(of: reader), headerLine: try line(of: reader), source: reader.path)
        let words = try recordedWords(header)
        return try check(
            ModelFamilies.named(words[2])!, header: header, words: Array(words.dropFirst(3)), reader: reader,
            path: path, jobs: jobs,
            rerunOutput: rerunOutput)
    }

    /// Compares `table` (built in code) with the golden at `path`, row by row; the golden's recorded
    /// command is not run. The table must have the golden's columns and grid.
    public static func compare<Problem: DecisionProblem>(
        _ table: DecisionTable<Problem>, pipeline: PipelineSettings? = nil,
        jobs: Int = 1, withGoldenAt path: String
    ) throws -> GoldenComparison {
        let reader: LineReader
        do { reader = try LineReader(path: path) } catch { throw GoldenTableError(error) }
        let header = try GoldenHeader(
            firstLine: try line(of: reader), headerLine: try line(of: reader), source: reader.path)
        return try compareRows(
            of: table, pipeline: pipeline, jobs: jobs, with: header, reader: reader, rerunOutput: nil)
    }

    /// The first two lines of the golden at `path`.
    public static func header(ofGoldenAt path: String) throws(GoldenTableError) -> GoldenHeader {
        let reader: LineReader
        do { reader = try LineReader(path: path) } catch { throw GoldenTableError(error) }
        return try GoldenHeader(firstLine: try line(of: reader), headerLine: try line(of: reader), source: reader.path)
    }

    private static func check<Family: ModelFamily>(
        _ family: Family.Type, header: GoldenHeader, words: [String], reader: LineReader,
        path: String, jobs: Int, rerunOutput: (any TextSink)?
    ) throws -> Result {
        var sweep: Sweep<Family>
        let table: DecisionTable<Family.Problem>
        do {
            sweep = try Sweep<Family>(.sweep, words: words)
            table = try sweep.decisionTable()
        } catch {
            throw malformed(header, "the recorded command is not a valid sweep: \(error)")
        }
        do {
            try sweep.prepareFrameTiming()
        } catch let error as InputError {
            // The golden is well formed; the frame-times file it names is missing or bad. Its path is
            // recorded as given, so a relative one is read from the current directory, as the sweep read it.
            throw InputError(
                source: error.source, line: error.line, column: error.column,
                message: error.message + " (the \(ParameterDescription.flag(for: "frame_times")) file "
                    + "that \(header.source)'s recorded command reads, from the current directory "
                    + "when relative)")
        } catch {
            throw malformed(header, "the recorded command is not a valid sweep: \(error)")
        }
        try rerunOutput?.write(GoldenHeader.firstLine(recordedCommand: sweep.text))
        let counted = try countRows(header: header, reader: reader, expected: table.count)
        let expectedColumns = table.header(for: sweep.pipelineSettings).dropLast().split(
            separator: ",", omittingEmptySubsequences: false
        ).map(String.init)
        var structural: String?
        if header.columns != expectedColumns {
            structural = GoldenDecisionTable.columnsChanged(header.columns, expectedColumns)
        } else if counted.rows != table.count {
            let goldenRows = counted.rows > table.count ? "more than \(table.count)" : String(counted.rows)
            structural = "the grid changed: golden has \(goldenRows) rows, the rerun \(table.count)"
        }
        if let structural {
            if let rerunOutput {
                try rerunOutput.write(table.header(for: sweep.pipelineSettings))
                try table.forEachChunk(pipeline: sweep.pipelineSettings, jobs: jobs) {
                    (chunk: DecisionTableChunk) throws(OutputError) in
                    try rerunOutput.write(chunk.text)
                }
            }
            return Result(
                header: header, comparison: .structural(header.source, total: counted.rows, structural),
                rerunCommand: sweep.text)
        }
        let again: LineReader
        do {
            again = try counted.spool?.reader(name: header.source) ?? LineReader(path: path)
        } catch let error as InputError {
            throw GoldenTableError(error)
        }
        _ = try line(of: again)
        _ = try line(of: again)
        let comparison = try compareRows(
            of: table, pipeline: sweep.pipelineSettings, jobs: jobs, with: header, reader: again,
            rerunOutput: rerunOutput)
        return Result(header: header, comparison: comparison, rerunCommand: sweep.text)
    }

    /// Streams the table's rows beside the golden's remaining rows.
    private static func compareRows<Problem: DecisionProblem>(
        of table: DecisionTable<Problem>, pipeline: PipelineSettings?, jobs: Int,
        with header: GoldenHeader, reader: LineReader,
        rerunOutput: (any TextSink)?
    ) throws -> GoldenComparison {
        let columns = table.header(for: pipeline).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            .map(String.init)
        guard header.columns == columns else {
            return .structural(header.source, total: 0, GoldenDecisionTable.columnsChanged(header.columns, columns))
        }
        try rerunOutput?.write(table.header(for: pipeline))
        var comparer = GoldenComparer(header: header)
        var missing = false
        var failure: Error?
        table.forEachChunk(pipeline: pipeline, jobs: jobs) { (chunk: DecisionTableChunk) in
            guard failure == nil else { return }
            do {
                try rerunOutput?.write(chunk.text)
                for row in chunk.text.split(separator: "\n") {
                    guard let (number, golden) = try nextRow(of: reader, header: header) else {
                        missing = true
                        continue
                    }
                    comparer.compare(golden: golden, line: number, rerun: String(row))
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        let compared = comparer.result
        let surplus = try nextRow(of: reader, header: header) != nil
        if missing || surplus {
            return .structural(
                header.source, total: compared.total,
                "the grid changed: the golden's rows do not match the rerun's \(table.count)")
        }
        return compared
    }

    /// Validates every row of the golden and counts them, stopping one past `expected`; standard input
    /// is copied to a spool file as it is read, to be read again beside the rerun.
    private static func countRows(header: GoldenHeader, reader: LineReader, expected: Int) throws -> (
        rows: Int, spool: SpoolFile?
    ) {
        let spool = reader.path == "standard input" ? try SpoolFile() : nil
        if let spool {
            try spool.write(GoldenHeader.firstLine(recordedCommand: header.recordedCommand))
            try spool.write(header.columns.joined(separator: ",") + "\n")
        }
        var rows = 0
        while rows <= expected, let (_, text) = try nextRow(of: reader, header: header) {
            try spool?.write(text + "\n")
            rows += 1
        }
        return (rows, spool)
    }

    /// The next non-empty line and its number, checked against the header.
    private static func nextRow(of reader: LineReader, header: GoldenHeader) throws(GoldenTableError) -> (Int, String)?
    {
        while let text = try line(of: reader) {
            guard !text.isEmpty else { continue }
            _ = try header.fields(of: text, at: reader.lineNumber)
            return (reader.lineNumber, text)
        }
        return nil
    }

    private static func line(of reader: LineReader) throws(GoldenTableError) -> String? {
        do { return try reader.nextLine() } catch { throw GoldenTableError(error) }
    }

    /// The recorded command's words, refusing anything but `popsim sweep <model>` with the flags that
    /// decide.
    static func recordedWords(_ header: GoldenHeader) throws(GoldenTableError) -> [String] {
        let words: [String]
        do { words = try ShellWords.split(header.recordedCommand) } catch {
            throw malformed(header, "the recorded command cannot be split into words: \(error)")
        }
        guard words.count >= 3, words[0] == "popsim", words[1] == "sweep" else {
            throw malformed(
                header,
                "the recorded command must be "
                    + "\(ModelFamilies.all.map { "'popsim sweep \($0.name) …'" }.joined(separator: " or "))"
            )
        }
        guard let family = ModelFamilies.named(words[2]) else {
            throw malformed(
                header,
                "the recorded command must be "
                    + "\(ModelFamilies.all.map { "'popsim sweep \($0.name) …'" }.joined(separator: " or "))"
            )
        }
        let deciding = Set(sweepParameterNames(family))
        for word in words.dropFirst(3) {
            if word == "--" { break }
            guard word.hasPrefix("--"), let name = ParameterDescription.name(forFlag: String(word.prefix { $0 != "=" }))
            else { continue }
            if !deciding.contains(name) {
                throw malformed(
                    header,
                    "the recorded command sets \(DiagnosticText.excerpt(word.prefix { $0 != "=" })); "
                        + "a golden records only the flags that decide (write one with 'popsim sweep … --golden')"
                )
            }
        }
        return words
    }

    private static func sweepParameterNames<Family: ModelFamily>(_ family: Family.Type) -> [String] {
        Sweep<Family>.parameters(.sweep).map(\.name)
    }

    private static func malformed(_ header: GoldenHeader, _ message: String) -> GoldenTableError {
        GoldenTableError(source: header.source, line: 1, message: "not a golden table: " + message)
    }
}
