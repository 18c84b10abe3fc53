import PopSimPlatform

/// A regular file written atomically: text goes to a temporary file beside the target (same directory,
/// so the same file system), and `finish()` renames it over the target. If anything fails, the sink is
/// released without `finish()`, or the process is ended by a signal (``TerminationSignals``), the
/// temporary file is removed and the target is left untouched, so a failed run never leaves a partial
/// output file.
///
/// `finish()` is ``prepare()`` (flush, `fsync`, close) then ``publish()`` (the rename), which an
/// ``OutputSet`` calls separately so that several files are published only once all of them are
/// complete.
///
/// For a target that exists, the new file takes its permission bits, and a symbolic link is followed:
/// the file it points to is replaced, the link stays. Refused, before anything is written: a file
/// that is read-only (no write permission for this user, or no write bit at all, which also stops
/// root), and a symbolic link to a file that does not exist (PopSim never creates a file through a
/// link). Use ``OutputFile/open(_:reading:)`` to choose between this and a direct write: a device or a
/// pipe must never be replaced by a regular file.
public final class AtomicFileSink: FileSink {
    public let path: String
    /// The file that is replaced: `path` with every symbolic link resolved, when it exists.
    public let targetPath: String
    /// The target's directory with its links resolved, followed by its name: one spelling per file
    /// (for ``OutputSet``'s check that two outputs are not the same file).
    let canonicalTargetPath: String
    private let temporaryPath: String
    private var writer: FileDescriptorWriter
    private var state = State.writing
    private let cleanupSlot: Int?

    private enum State { case writing, prepared, published, discarded }

    /// Random characters in a temporary name (62¹² names: no other file can share one by chance).
    static let randomCharacters = 12

    public init(path: String) throws(OutputError) {
        self.path = path
        var existing = stat()
        let exists = stat(path, &existing) == 0
        if !exists {
            let number = errno
            if number == ENOENT, let missing = Self.danglingLinkTarget(path) {
                let quoted = DiagnosticText.excerpt(missing, limit: DiagnosticText.pathLimit)
                throw OutputError(
                    path: path,
                    reason: "is a symbolic link to '\(quoted)', which does not exist; "
                        + "PopSim does not create files through links: give that path itself, or remove the link")
            }
            guard number == ENOENT else { throw OutputError(path: path, reason: Platform.errorDescription(number)) }
        }
        var target = path
        if exists, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        if exists, (existing.st_mode & S_IFMT) == S_IFREG, access(target, W_OK) != 0 || existing.st_mode & 0o222 == 0 {
            throw OutputError(
                path: path, reason: "is read-only; make it writable (chmod u+w) to replace it, or write to another file"
            )
        }
        targetPath = target
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        if let resolved = realpath(directory, nil) {
            let canonical = String(cString: resolved)
            free(resolved)
            canonicalTargetPath = (canonical == "/" ? "" : canonical) + "/" + name
        } else {
            canonicalTargetPath = target
        }

        // ".NAME.RANDOM" within the directory's file-name limit: a long NAME is shortened.
        let nameLimit = max(1, Self.fileNameLimit(directory) - 2 - Self.randomCharacters)
        let prefix = Self.prefix(of: name, bytes: nameLimit)
        var descriptor: Int32 = -1
        var candidate = ""
        var slot: Int?
        for _ in 0..<100 {
            candidate = "\(directory == "/" ? "" : directory)/.\(prefix).\(Self.randomSuffix())"
            // Watched before it exists, so no signal can arrive between creating and watching it.
            slot = TerminationSignals.watch(candidate)
            descriptor = Platform.open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, exists ? 0o600 : 0o666)
            if descriptor >= 0 { break }
            let number = errno
            if let slot { TerminationSignals.forget(slot) }
            slot = nil
            guard number == EEXIST else { throw OutputError(path: path, reason: Platform.errorDescription(number)) }
        }
        guard descriptor >= 0 else {
            throw OutputError(path: path, reason: "no unused temporary name in its directory")
        }
        temporaryPath = candidate
        cleanupSlot = slot
        // A new file has 0666 less the umask (applied by open); a replaced one keeps its bits.
        if exists { fchmod(descriptor, existing.st_mode & 0o7777) }
        writer = FileDescriptorWriter(descriptor: descriptor, path: path)
    }

    public func write(_ text: String) throws(OutputError) {
        do { try writer.write(text) } catch {
            discard()
            throw error
        }
    }

    /// Flushes, `fsync`s and closes the temporary file: the text is complete on disk, not yet at
    /// the target's path.
    public func prepare() throws(OutputError) {
        guard state == .writing else { return }
        do { try writer.flush() } catch {
            discard()
            throw error
        }
        if fsync(writer.descriptor) != 0 || close(writer.descriptor) != 0 {
            let reason = Platform.errorDescription(errno)
            state = .prepared
            discard()
            throw OutputError(path: path, reason: reason)
        }
        state = .prepared
    }

    /// Renames the prepared temporary file over the target.
    public func publish() throws(OutputError) {
        try prepare()
        guard state == .prepared else { return }
        state = .published
        defer { if let cleanupSlot { TerminationSignals.forget(cleanupSlot) } }
        if rename(temporaryPath, targetPath) != 0 {
            let reason = Platform.errorDescription(errno)
            unlink(temporaryPath)
            throw OutputError(path: path, reason: reason)
        }
    }

    public func finish() throws(OutputError) { try publish() }

    /// Abandons the output: removes the temporary file; the target is not touched.
    public func discard() {
        guard state == .writing || state == .prepared else { return }
        if state == .writing { close(writer.descriptor) }
        state = .discarded
        unlink(temporaryPath)
        if let cleanupSlot { TerminationSignals.forget(cleanupSlot) }
    }

    deinit { discard() }

    /// Where `path` points when it is a symbolic link (possibly through other links) to nothing.
    static func danglingLinkTarget(_ path: String) -> String? {
        var link = stat()
        guard lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The longest file name `directory` accepts (`pathconf(_PC_NAME_MAX)`; 255 when unknown).
    static func fileNameLimit(_ directory: String) -> Int {
        let limit = pathconf(directory, Int32(_PC_NAME_MAX))
        return limit > 0 ? Int(clamping: limit) : 255
    }

    /// At most `bytes` bytes of `name`, cut before a UTF-8 continuation byte (a whole scalar).
    static func prefix(of name: String, bytes: Int) -> String {
        let utf8 = Array(name.utf8)
        guard utf8.count > bytes else { return name }
        var end = max(0, bytes)
        while end > 0, utf8[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: utf8[..<end], as: UTF8.self)
    }

    private static func randomSuffix() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        for _ in 0..<randomCharacters { bytes.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
