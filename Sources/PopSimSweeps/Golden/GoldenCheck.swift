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
        let input: RereadableInput
        let reader: LineReader
        do { (input, reader) = try RereadableInput.open(path, digesting: false) } catch {
            throw GoldenTableError(error)
        }
        let header = try Self.header(of: reader)
        let words = try recordedWords(header)
        return try check(
            ModelFamilies.named(words[2])!, header: header, words: Array(words.dropFirst(3)), reader: reader,
            input: input, path: path, jobs: jobs, rerunOutput: rerunOutput)
    }

    /// Compares `table` (built in code) with the golden at `path`, row by row; the golden's recorded
    /// command is not run. The table must have the golden's columns and grid.
    public static func compare<Problem: DecisionProblem>(
        _ table: DecisionTable<Problem>, pipeline: PipelineSettings? = nil,
        jobs: Int = 1, withGoldenAt path: String
    ) throws -> GoldenComparison {
        let reader: LineReader
        do { reader = try LineReader(path: path) } catch { throw GoldenTableError(error) }
        let header = try Self.header(of: reader)
        return try compareRows(
            of: table, pipeline: pipeline, jobs: jobs, with: header, reader: reader, rerunOutput: nil)
    }

    /// The first two lines of the golden at `path`.
    public static func header(ofGoldenAt path: String) throws(GoldenTableError) -> GoldenHeader {
        let reader: LineReader
        do { reader = try LineReader(path: path) } catch { throw GoldenTableError(error) }
        return try header(of: reader)
    }

    private static func check<Family: ModelFamily>(
        _ family: Family.Type, header: GoldenHeader, words: [String], reader: LineReader, input: RereadableInput,
        path: String, jobs: Int, rerunOutput: (any TextSink)?
    ) throws -> Result {
        var sweep: Sweep<Family>
        let table: DecisionTable<Family.Problem>
        do {
            sweep = try Sweep<Family>(goldenWords: words)
            table = try sweep.decisionTable()
        } catch {
            throw malformed(header, "the recorded command is not a valid sweep: \(error)")
        }
        try prepareFrameTiming(of: &sweep, header: header, path: path)
        let rows = try countRows(header: header, reader: reader, expected: table.count)
        if rerunOutput != nil, rows != table.count {
            // Refused before anything is written: a rewrite writes the recorded grid's rows, and the grid of
            // a golden is the rows it holds (a 194-byte golden must not turn into billions of rows).
            throw GoldenTableError(
                source: header.source, line: 1,
                message: "the recorded grid has \(gridSize(table)), but the table holds "
                    + "\(rows > table.count ? "more than \(table.count) rows" : rows == 1 ? "1 row" : "\(rows) rows"): "
                    + "a golden holds one row per grid point, so this one's command or rows were edited, and it is "
                    + "not rewritten from its command; re-record it with 'popsim sweep … --golden --output FILE'")
        }
        try rerunOutput?.write(GoldenHeader.firstLine(recordedCommand: sweep.text))
        let expectedColumns = table.header(for: sweep.pipelineSettings).dropLast().split(
            separator: ",", omittingEmptySubsequences: false
        ).map(String.init)
        var structural: String?
        if header.columns != expectedColumns {
            structural = GoldenDecisionTable.columnsChanged(header.columns, expectedColumns)
        } else if rows != table.count {
            let goldenRows = rows > table.count ? "more than \(table.count)" : String(rows)
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
                header: header, comparison: .structural(header.source, total: rows, structural),
                rerunCommand: sweep.text)
        }
        do { try input.finishFirstPass() } catch { throw GoldenTableError(error) }
        let again = input.reread(bufferSize: 1 << 16)
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

    /// Validates every row of the golden and counts them, stopping one past `expected` (standard input
    /// and pipes are copied as they are read, to be read again beside the rerun: ``RereadableInput``).
    private static func countRows(header: GoldenHeader, reader: LineReader, expected: Int) throws -> Int {
        var rows = 0
        while rows <= expected, try nextRow(of: reader, header: header) != nil { rows += 1 }
        return rows
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

    /// The first two lines, the first judged before the second is read: bytes that are not a golden
    /// table are refused at line 1 whatever the next line holds.
    private static func header(of reader: LineReader) throws(GoldenTableError) -> GoldenHeader {
        let first = try line(of: reader)
        let second: String?
        do { second = try line(of: reader) } catch {
            _ = try GoldenHeader(firstLine: first, headerLine: "outcome", source: reader.path)
            throw error
        }
        return try GoldenHeader(firstLine: first, headerLine: second, source: reader.path)
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

    /// The size of `table`'s grid: its rows, and each axis's points and the variants when there are several.
    static func gridSize<Problem: DecisionProblem>(_ table: DecisionTable<Problem>) -> String {
        var factors = table.grid.axes.map { "\($0.count) \($0.column)" }
        if let variants = table.categories?.variants.count { factors.insert("\(variants) variants", at: 0) }
        let product = factors.count > 1 ? " (\(factors.joined(separator: " × ")))" : ""
        return "\(table.count) points\(product)"
    }

    /// Checks the frame-times file the recorded command names, under the golden's rules
    /// (``ConfinedFolder``): read from the golden's folder, with its recorded digest.
    private static func prepareFrameTiming<Family: ModelFamily>(
        of sweep: inout Sweep<Family>, header: GoldenHeader, path: String
    ) throws {
        guard sweep.pipelineSettings?.timing.frameTimesPath != nil else { return }
        let fix =
            "put the frame-times file in the golden's folder (or below it) and re-record the golden there with "
            + "'popsim sweep … \(FrameTimingParameter.frameTimes.flag) FILE --golden --output GOLDEN'"
        guard path != "-" else {
            throw ParameterError(
                "standard input: this golden names a frame-times file, which a golden reads from its own folder; "
                    + "give the golden's path instead of -")
        }
        let folder: ConfinedFolder
        do { folder = try ConfinedFolder(containing: path, namer: header.source) } catch {
            throw GoldenTableError(error)
        }
        do {
            try sweep.prepareFrameTiming(confinedTo: folder, fix: fix)
        } catch let error as InputError {
            throw error.isMalformed && error.source != header.source
                ? InputError(
                    source: error.source, line: error.line, column: error.column,
                    message: error.message + " (the \(FrameTimingParameter.frameTimes.flag) file \(header.source) "
                        + "records)", malformed: true)
                : error
        } catch {
            throw malformed(header, "the recorded command is not a valid sweep: \(error)")
        }
    }

    private static func malformed(_ header: GoldenHeader, _ message: String) -> GoldenTableError {
        GoldenTableError(source: header.source, line: 1, message: "not a golden table: " + message)
    }
}

extension Sweep {
    /// The sweep a golden records, from the words after `popsim sweep <family>`: a pipeline that records
    /// no profile was written before 0.4.0 and drew the min-jerk drag (``PipelineSettings/unrecordedProfile``),
    /// so it is rerun with that profile, written out.
    public init(goldenWords words: [String]) throws(ParameterError) {
        self = try Sweep(.sweep, words: words).recordingProfile(PipelineSettings.unrecordedProfile)
    }
}
