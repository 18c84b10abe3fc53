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
        var existing: FileStatus?
        switch Platform.status(path: path) {
        case let .success(status): existing = status
        case .failure(.noSuchFile):
            if let missing = Self.danglingLinkTarget(path) {
                let quoted = DiagnosticText.excerpt(missing, limit: DiagnosticText.pathLimit)
                throw OutputError(
                    path: path,
                    reason: "is a symbolic link to '\(quoted)', which does not exist; "
                        + "PopSim does not create files through links: give that path itself, or remove the link")
            }
        case let .failure(error): throw OutputError(path: path, reason: error.description)
        }
        let exists = existing != nil
        var target = path
        if exists, let resolved = Platform.resolvedPath(path) { target = resolved }
        if let existing, existing.type == .regular, !Platform.isWritable(target) || existing.permissions & 0o222 == 0 {
            throw OutputError(
                path: path, reason: "is read-only; make it writable (chmod u+w) to replace it, or write to another file"
            )
        }
        targetPath = target
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        if let canonical = Platform.resolvedPath(directory) {
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
            let opened = Platform.open(candidate, .writeOnly, .createNew, permissions: exists ? 0o600 : 0o666)
            if case let .success(opened) = opened {
                descriptor = opened
                break
            }
            if let slot { TerminationSignals.forget(slot) }
            slot = nil
            if case let .failure(error) = opened, error != .fileExists {
                throw OutputError(path: path, reason: error.description)
            }
        }
        guard descriptor >= 0 else {
            throw OutputError(path: path, reason: "no unused temporary name in its directory")
        }
        temporaryPath = candidate
        cleanupSlot = slot
        // A new file has 0666 less the umask (applied by open); a replaced one keeps its bits.
        if let existing { Platform.setPermissions(descriptor, existing.permissions) }
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
        let synchronized = Platform.synchronize(writer.descriptor)
        if case let .failure(error) = synchronized {
            Platform.close(writer.descriptor)
            state = .prepared
            discard()
            throw OutputError(path: path, reason: error.description)
        }
        if Platform.close(writer.descriptor) != 0 {
            let reason = SystemError.last.description
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
        if case let .failure(error) = Platform.rename(temporaryPath, to: targetPath) {
            Platform.removeFile(temporaryPath)
            throw OutputError(path: path, reason: error.description)
        }
    }

    public func finish() throws(OutputError) { try publish() }

    /// Abandons the output: removes the temporary file; the target is not touched.
    public func discard() {
        guard state == .writing || state == .prepared else { return }
        if state == .writing { Platform.close(writer.descriptor) }
        state = .discarded
        Platform.removeFile(temporaryPath)
        if let cleanupSlot { TerminationSignals.forget(cleanupSlot) }
    }

    deinit { discard() }

    /// Where `path` points when it is a symbolic link (possibly through other links) to nothing.
    static func danglingLinkTarget(_ path: String) -> String? {
        guard case let .success(link) = Platform.linkStatus(path: path), link.type == .symbolicLink else { return nil }
        return Platform.linkTarget(path)
    }

    /// The longest file name `directory` accepts (`pathconf(_PC_NAME_MAX)`; 255 when unknown).
    static func fileNameLimit(_ directory: String) -> Int {
        Platform.fileNameLimit(directory) ?? 255
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
