import PopSimPlatform

/// An anonymous temporary file (created in `$TMPDIR` or `/tmp` and unlinked at once, so nothing is
/// left behind however the process ends) for input that must be read twice but arrives once, such as
/// standard input that is checked completely before any output is written.
public final class SpoolFile: TextSink {
    private var writer: FileDescriptorWriter

    public init() throws(OutputError) {
        let directory = Platform.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let descriptor: Int32
        switch Platform.createUniqueFile(template: "\(directory)/.popsim-spool.XXXXXX") {
        case let .success(file):
            descriptor = file.descriptor
            Platform.removeFile(file.path)
        case let .failure(error):
            throw OutputError(path: "\(directory) (a temporary copy of the input)", reason: error.description)
        }
        writer = FileDescriptorWriter(descriptor: descriptor, path: "a temporary copy of the input in \(directory)")
    }

    public func write(_ text: String) throws(OutputError) { try writer.write(text) }

    /// Appends `bytes` as they are.
    public func write(bytes: UnsafeRawBufferPointer) throws(OutputError) { try writer.write(bytes: bytes) }

    /// Flushes what was written.
    public func finish() throws(OutputError) { try writer.flush() }

    /// A reader of everything written, from the start, under `name`.
    public func reader(name: String) throws(OutputError) -> LineReader {
        try finish()
        switch Platform.duplicate(writer.descriptor) {
        case let .success(descriptor): return LineReader(descriptor: descriptor, name: name, fromOffset: 0)
        case let .failure(error): throw OutputError(path: writer.path, reason: error.description)
        }
    }

    /// A reader of everything written, from the start, at an offset of its own: any number of them, on
    /// any threads, once the writing is ``finish()``ed. The spool must outlive them.
    func sharedReader(name: String, bufferSize: Int) -> LineReader {
        LineReader(descriptor: writer.descriptor, name: name, fromOffset: 0, owns: false, bufferSize: bufferSize)
    }

    deinit { Platform.close(writer.descriptor) }
}
