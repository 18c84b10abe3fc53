import PopSimTextIO

/// A frame-times file (`--frame-times`) checked once, before anything runs, and then read again, row at
/// a time, by every run that draws its frames at those instants (``FrameClock/frameTimesFile``), each
/// with a reader of its own (``RereadableInput``): a sweep's thousands of runs on every thread, or one
/// `simulate`, in memory that does not grow with the file. A run reads only as many rows as it draws
/// frames.
///
/// The check reads every row (``FrameTimesReader``: a `time` column, each a finite number ≥ 0 later
/// than the one before) and refuses, as malformed data, an empty file, a header without rows and more
/// rows than `limit` frames; it takes the SHA-256 of the file's bytes (``digest``), which a golden
/// table records and `popsim check` compares.
public final class FrameTimesFile: @unchecked Sendable {
    /// The file's name in messages.
    public let name: String
    /// The number of frame times (at least 1).
    public let count: Int
    /// SHA-256 of the file's bytes, 64 lowercase hexadecimal digits; nil when it was not asked for.
    public let digest: String?
    /// Whether messages may quote the file's text (not for a file a golden named).
    public let quotesContent: Bool
    private let input: RereadableInput

    /// Checks `path` (`-`: standard input) as the user named it, at most `limit` frame times, taking
    /// its SHA-256 when `digesting`.
    public convenience init(path: String, limit: Int, digesting: Bool) throws(InputError) {
        let (input, firstPass) = try RereadableInput.open(path, digesting: digesting)
        try self.init(input: input, firstPass: firstPass, limit: limit, quotingContent: true)
    }

    /// Checks `recorded`, a path a golden table gives, under the golden's rules (``ConfinedFolder``):
    /// no message quotes its content.
    public convenience init(recorded: String, in folder: ConfinedFolder, fix: String, limit: Int) throws(InputError) {
        let (input, firstPass) = try RereadableInput.open(
            recorded, confinedTo: folder, as: "the recorded \(FrameTimingParameter.frameTimes.flag)", fix: fix)
        try self.init(input: input, firstPass: firstPass, limit: limit, quotingContent: false)
    }

    private init(input: RereadableInput, firstPass: LineReader, limit: Int, quotingContent: Bool) throws(InputError) {
        let reader = try FrameTimesReader(lines: firstPass, quotingContent: quotingContent)
        var count = 0
        while try reader.next() != nil {
            guard count < limit else { throw reader.tooMany(limit) }
            count += 1
        }
        guard count > 0 else {
            throw InputError(
                source: firstPass.path, line: nil, column: nil,
                message: "has a header but no frame times: give at least one row", malformed: true)
        }
        try input.finishFirstPass()
        self.input = input
        self.count = count
        digest = firstPass.hexadecimalDigest
        name = firstPass.path
        quotesContent = quotingContent
    }

    /// A reader of the frame times from the first, for one run.
    public func reader() throws(InputError) -> FrameTimesReader {
        try FrameTimesReader(lines: input.reread(), quotingContent: quotesContent)
    }
}
