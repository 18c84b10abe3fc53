import PopSimParameters
import PopSimTextIO

/// What the `popsim fit` commands share: reading the recording, the output.
enum FitInput {
    /// The most rows a fit reads: far more than any recording of one motion (a minute at 240 Hz is 14 400),
    /// and a bound on the memory and time a fit can take.
    static let maximumRows = 1_000_000

    /// The named columns of the CSV at `path` (`-`: standard input), column by column, streamed so that
    /// memory is the fit's own arrays. With `fromTime`, rows whose first column (the time) is before it
    /// are skipped.
    static func read(_ path: String, columns: [String], fromTime: Double? = nil) throws -> [[Double]] {
        let reader = try NumericColumnReader(path: path, columns: columns)
        var result = columns.map { _ in [Double]() }
        while let row = try reader.next() {
            if let fromTime, row[0] < fromTime { continue }
            guard result[0].count < maximumRows else {
                throw InputError(
                    source: reader.source, line: reader.lineNumber, column: nil,
                    message: "more than \(maximumRows) rows: a fit needs far fewer; trim or decimate the recording")
            }
            for (index, value) in row.enumerated() { result[index].append(value) }
        }
        return result
    }

    /// The input file positional.
    static func path(_ invocation: Invocation) -> String { invocation.positionals.first ?? "-" }

    /// The `--residuals` path, refusing standard output (the key=value lines go there).
    static func residualsPath(_ invocation: Invocation) throws(ParameterError) -> String? {
        guard let path = invocation.text(CommandLineParameters.residuals) else { return nil }
        guard !path.isEmpty, path != "-" else {
            throw .invalidValue(
                path, for: CommandLineParameters.residuals,
                "give a file name (the fit's key=value lines go to standard output)")
        }
        return path
    }

    /// `key=value` lines from pairs already formatted.
    static func lines(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\($0.1)\n" }.joined()
    }

    /// The residuals CSV: the fit's output as `#` comment lines, then the header and rows.
    static func writeResiduals(_ sink: TextSink?, report: String, header: String, rows: Int, row: (Int) -> [Double])
        throws
    {
        guard let out = sink else { return }
        for line in report.split(separator: "\n") { try out.write("# \(line)\n") }
        try out.write(header + "\n")
        for index in 0..<rows {
            try out.write(row(index).map(formatNumber).joined(separator: ",") + "\n")
        }
    }

    /// Runs a fit: the residuals file (if asked for) is opened before the recording is read, and it and
    /// the report on standard output are published together once both are written.
    static func run(
        _ invocation: Invocation, _ context: CommandContext,
        _ body: (_ path: String, _ residuals: TextSink?) throws -> String
    ) throws {
        let path = FitInput.path(invocation)
        let residualsPath = try residualsPath(invocation)
        try context.produce(reading: [path], output: nil) { out, outputs in
            let residuals = try residualsPath.map(outputs.file)
            try out.write(try body(path, residuals))
            return []
        }
    }
}
