import PopSimArgumentParsing
import PopSimTextIO

/// `popsim check GOLDEN.csv`: reruns the sweep a golden decision table records in its first line and
/// reports every decision that changed.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        path: ["check"],
        summary: "rerun the sweep recorded in a golden decision table and report changed decisions (exit 1)",
        flags: [
            .switch("--update", "rewrite the golden file with the current decisions instead of failing"),
            .integer("--jobs", "N", ValueRanges.jobs, "worker threads for the rerun (default: all cores)"),
        ],
        positionals: [PositionalSpec("GOLDEN.csv", "a table written by 'popsim sweep … --golden'", optional: false)],
        discussion: """
        the golden's first line is '# popsim sweep <model> <flags>'; make one with
        popsim sweep popover … --golden --output mine.csv. Exit 0 when every decision is unchanged,
        1 with a list of changed cells when any changed (or the grid itself changed), 65 when the file
        is not a golden table. --update rewrites the file atomically and exits 0.
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let path = arguments.positionals[0]
        let golden = try GoldenTable(path: path)
        var rerun = golden.command + ["--golden"]
        if let jobs = arguments.string("--jobs") { rerun += ["--jobs", jobs] }
        let output = StringSink()
        let quiet = StringSink()
        let status = PopSimTool.run(Array(rerun.dropFirst()),
                                    CommandContext(standardOutput: output, standardError: quiet, standardErrorIsTerminal: false))
        guard status == .success else {
            throw CommandFailure(status, "rerunning the command recorded in \(path) failed: \(quiet.text.split(separator: "\n").last.map(String.init) ?? "")")
        }
        if arguments.isSet("--update") {
            try context.withOutput(path: path) { out in try out.write(output.text) }
            try context.standardOutput.write("updated \(path)\n")
            return
        }
        let current = try GoldenTable(text: output.text, source: "rerun of \(path)")
        let report = golden.differences(to: current)
        if report.isEmpty {
            try context.standardOutput.write("ok: \(golden.rows.count) decisions unchanged (\(path))\n")
            return
        }
        try context.standardOutput.write(report.joined(separator: "\n") + "\n")
        throw CommandFailure(.checkFailed, "\(path): decisions changed (see above); rerun with --update to accept them")
    }
}

/// A golden decision table: the recorded command, the header and the rows.
struct GoldenTable {
    let source: String
    let command: [String]
    let header: [String]
    let rows: [(line: Int, fields: [String])]

    init(path: String) throws {
        let reader = try LineReader(path: path)
        var lines: [String] = []
        while let line = try reader.nextLine() { lines.append(line) }
        try self.init(lines: lines, source: path)
    }

    init(text: String, source: String) throws {
        try self.init(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), source: source)
    }

    private init(lines: [String], source: String) throws {
        self.source = source
        guard let first = lines.first, first.hasPrefix("# ") else {
            throw InputError(source: source, line: 1, column: 1,
                             message: "not a golden table: the first line must be '# popsim sweep …' (write one with 'popsim sweep … --golden')")
        }
        let command = try ShellWords.split(String(first.dropFirst(2)))
        guard command.count >= 3, command[0] == "popsim", command[1] == "sweep" else {
            throw InputError(source: source, line: 1, column: 3, message: "the recorded command must start with 'popsim sweep'")
        }
        guard lines.count >= 2, !lines[1].isEmpty else {
            throw InputError(source: source, line: 2, column: 1, message: "missing the CSV header after the command line")
        }
        let header = lines[1].split(separator: ",").map(String.init)
        var rows: [(Int, [String])] = []
        for (offset, line) in lines.dropFirst(2).enumerated() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == header.count else {
                throw InputError(source: source, line: offset + 3, column: 1,
                                 message: "\(fields.count) fields, the header has \(header.count)")
            }
            rows.append((offset + 3, fields))
        }
        self.command = command
        self.header = header
        self.rows = rows
    }

    /// Readable lines for every difference; empty when the tables agree.
    func differences(to current: GoldenTable) -> [String] {
        guard header == current.header else {
            return ["the columns changed: golden \(header.joined(separator: ",")), now \(current.header.joined(separator: ","))"]
        }
        guard rows.count == current.rows.count else {
            return ["the grid changed: golden has \(rows.count) rows, the rerun \(current.rows.count)"]
        }
        var lines: [String] = []
        var changed = 0
        for (old, new) in zip(rows, current.rows) where old.fields != new.fields {
            changed += 1
            let inputs = zip(header.dropLast(), old.fields.dropLast()).map { "\($0)=\($1)" }.joined(separator: " ")
            if old.fields.dropLast() != new.fields.dropLast() {
                lines.append("\(source):\(old.line): grid point changed: \(old.fields.joined(separator: ",")) → \(new.fields.joined(separator: ","))")
            } else if lines.count < 200 {
                lines.append("\(source):\(old.line): \(inputs): \(old.fields.last!) → \(new.fields.last!)")
            }
        }
        if changed > 0 {
            if changed > lines.count { lines.append("… and \(changed - lines.count) more") }
            lines.append("\(changed) of \(rows.count) decisions changed")
        }
        return lines
    }
}
