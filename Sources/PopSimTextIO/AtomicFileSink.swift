import PopSimPlatform

/// A regular file written atomically: text goes to a temporary file beside the target (same directory,
/// so the same file system), and `finish()` renames it over the target. If anything fails, the sink is
/// released without `finish()`, or the process is ended by a signal (``TerminationSignals``), the temporary
/// file is removed and the target is left untouched, so a failed run never leaves a partial output
/// file.
///
/// For a target that exists, the new file takes its permission bits, and a symbolic link is followed:
/// the file it points to is replaced, the link stays. Use ``OutputFile/open(_:)`` to choose between
/// this and a direct write: a device or a pipe must never be replaced by a regular file.
public final class AtomicFileSink: FileSink {
    public let path: String
    private let temporaryPath: String
    private let targetPath: String
    private var writer: FileDescriptorWriter
    private var finished = false
    private let cleanupSlot: Int?

    public init(path: String) throws(OutputError) {
        self.path = path
        var existing = stat()
        let exists = stat(path, &existing) == 0
        var target = path
        if exists, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        targetPath = target
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array("\(directory.isEmpty ? "/" : directory)/.\(name).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw OutputError(path: path, reason: Platform.errorDescription(errno))
        }
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        cleanupSlot = TerminationSignals.watch(temporaryPath)
        if exists {
            fchmod(descriptor, existing.st_mode & 0o7777)
        } else {
            // mkstemp creates 0600; a new file gets the usual 0666 less the umask.
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
        }
        writer = FileDescriptorWriter(descriptor: descriptor, path: path)
    }

    public func write(_ text: String) throws(OutputError) {
        do { try writer.write(text) } catch { discard(); throw error }
    }

    public func finish() throws(OutputError) {
        guard !finished else { return }
        do { try writer.flush() } catch { discard(); throw error }
        finished = true
        defer { if let cleanupSlot { TerminationSignals.forget(cleanupSlot) } }
        if fsync(writer.descriptor) != 0 || close(writer.descriptor) != 0 || rename(temporaryPath, targetPath) != 0 {
            let reason = Platform.errorDescription(errno)
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
        if let cleanupSlot { TerminationSignals.forget(cleanupSlot) }
    }

    deinit { discard() }
}
