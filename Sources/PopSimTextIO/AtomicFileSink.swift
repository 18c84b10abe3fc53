import PopSimPlatform

/// A file written atomically: text goes to a temporary file beside the target (same directory, so the
/// same file system), and `finish()` renames it over the target. If anything fails, or the sink is
/// released without `finish()`, the temporary file is removed and the target is left untouched, so a
/// failed run never leaves a partial output file.
public final class AtomicFileSink: TextSink {
    public let path: String
    private let temporaryPath: String
    private var writer: FileDescriptorWriter
    private var finished = false

    public init(path: String) throws(OutputError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(directory.isEmpty ? "/" : directory)/.\(name).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw OutputError(path: path, reason: String(cString: strerror(errno)))
        }
        // mkstemp creates 0600; give the result the usual 0644 (before umask).
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        writer = FileDescriptorWriter(descriptor: descriptor, path: path)
    }

    public func write(_ text: String) throws(OutputError) {
        do { try writer.write(text) } catch { discard(); throw error }
    }

    public func finish() throws(OutputError) {
        guard !finished else { return }
        do { try writer.flush() } catch { discard(); throw error }
        finished = true
        if fsync(writer.descriptor) != 0 || close(writer.descriptor) != 0 || rename(temporaryPath, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw OutputError(path: path, reason: reason)
        }
    }

    /// Abandons the output: removes the temporary file; the target is not touched.
    public func discard() {
        guard !finished else { return }
        finished = true
        close(writer.descriptor)
        unlink(temporaryPath)
    }

    deinit { discard() }
}
