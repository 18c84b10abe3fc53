import PopSimPlatform

/// Every output of one command run, published together or not at all.
///
/// A command opens each output file through the set (``open(_:)``, ``rewrite(_:)``) before it
/// computes anything, so that a refused output (an input named as output, two outputs naming one
/// file, a pipe without a reader) stops the run before it starts; it adds standard output, when it
/// writes there too, with ``includeStandardOutput(_:)``; and it ends with ``commit(finally:)``,
/// which
///
/// 1. makes every output complete: each atomic file flushed, `fsync`ed and closed (not yet at its
///    path), each direct output and included stream flushed;
/// 2. runs `finally`, the lines that must be written before the run may succeed (a summary on
///    standard error);
/// 3. publishes: renames each atomic file over its target, closes the direct ones.
///
/// A failure in 1 or 2 (a full disk, a closed standard output or error) removes every temporary file
/// and leaves every target as it was. A set released without a commit, or ``discard()``ed, does the
/// same. What a direct output (a pipe, a device, standard output) received before a failure cannot be
/// taken back. The renames of step 3 are the one place where one file can be published and another
/// not: a rename fails only when the directory itself changes under the run (removed, made
/// read-only, out of inodes), and the error names the file that was not published.
public final class OutputSet {
    /// What the command reads; no output may be one of these files.
    public let inputs: InputFiles
    private var files: [any FileSink] = []
    private var targets: [(path: String, canonical: String)] = []
    private var streams: [any TextSink] = []
    private var finished = false

    public init(reading inputs: InputFiles) {
        self.inputs = inputs
    }

    /// Opens `path` as one output of the set (``OutputFile/open(_:reading:)``); refuses an input and
    /// a file another output of the set already names.
    public func open(_ path: String) throws(OutputError) -> any FileSink {
        let sink = try OutputFile.open(path, reading: inputs)
        try add(sink, path: path)
        return sink
    }

    /// Opens `path`, a file the command reads, to be replaced when the set commits
    /// (``OutputFile/rewrite(_:)``; `check --update`).
    public func rewrite(_ path: String) throws(OutputError) -> any FileSink {
        let sink = try OutputFile.rewrite(path)
        try add(sink, path: path)
        return sink
    }

    /// A stream the command also writes, flushed in step 1 of the commit.
    public func include(_ sink: any TextSink) {
        streams.append(sink)
    }

    /// Standard output as `sink`, flushed in step 1 of the commit; refused when descriptor 1 is one
    /// of the inputs (`popsim velocity t.csv >> t.csv`, ``InputFiles/checkOutput(descriptor:name:)``).
    public func includeStandardOutput(_ sink: any TextSink) throws(OutputError) {
        try inputs.checkOutput(descriptor: Platform.standardOutput, name: "standard output")
        streams.append(sink)
    }

    /// Publishes every output once all of them are complete and `finally` has succeeded (see the
    /// type's documentation); discards them all otherwise.
    public func commit(finally lastLines: () throws(OutputError) -> Void = {}) throws(OutputError) {
        guard !finished else { return }
        do {
            for file in files { try file.prepare() }
            for stream in streams { try stream.finish() }
            try lastLines()
        } catch {
            discard()
            throw error
        }
        finished = true
        for (index, file) in files.enumerated() {
            do {
                try file.publish()
            } catch {
                for rest in files[(index + 1)...] { rest.discard() }
                throw error
            }
        }
    }

    /// Abandons every output: no target is touched.
    public func discard() {
        finished = true
        for file in files { file.discard() }
    }

    deinit { if !finished { discard() } }

    private func add(_ sink: any FileSink, path: String) throws(OutputError) {
        if let atomic = sink as? AtomicFileSink {
            if let other = targets.first(where: { $0.canonical == atomic.canonicalTargetPath }) {
                sink.discard()
                let quoted = DiagnosticText.excerpt(other.path, limit: DiagnosticText.pathLimit)
                throw OutputError(
                    path: path, reason: "is the same file as the output '\(quoted)'; give each output its own file")
            }
            targets.append((path, atomic.canonicalTargetPath))
        }
        files.append(sink)
    }
}
