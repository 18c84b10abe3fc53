import PopSimPlatform

/// Standard error for what may be lost: `note:` lines, warnings, progress. A write that fails (a
/// closed descriptor, a full disk, a reader that went away) is dropped and counted, never thrown and
/// never SIGPIPE, so a note that cannot be written cannot stop the computation it describes.
///
/// Lines that decide whether a run succeeded (a summary that is part of the result) belong in an
/// ``OutputSet/commit(finally:)`` through a sink that reports errors (``StandardErrorSink``).
public final class NoteWriter: TextSink {
    private var writer: FileDescriptorWriter
    /// How many writes were dropped.
    public private(set) var droppedWrites = 0

    /// Notes on `descriptor` (standard error unless a test asks for another).
    public init(descriptor: Int32 = Platform.standardError) {
        writer = FileDescriptorWriter(descriptor: descriptor, path: "standard error", withoutBrokenPipeSignal: true)
    }

    /// Writes `text` as it is (progress lines redraw with `\r`), at once; never throws.
    public func write(_ text: String) {
        do {
            try writer.write(text)
            try writer.flush()
        } catch {
            droppedWrites += 1
        }
    }

    /// Writes `line` as one line: control characters escaped, cut at ``DiagnosticText/lineLimit``
    /// bytes, a newline added.
    public func note(_ line: String) {
        write(DiagnosticText.escapingControlCharacters(line) + "\n")
    }

    public func finish() {}
}
