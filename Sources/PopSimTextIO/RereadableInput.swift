import PopSimPlatform

/// An input checked once and then read again from its start by any number of readers, on any threads,
/// each at an offset of its own: a frame-times file that every run of a sweep draws its frames from,
/// row at a time, in constant memory whatever the file's length.
///
/// A regular file is kept open and read again with `pread` (the file that was checked, even if its
/// path is replaced meanwhile); standard input and a pipe, which arrive once, are copied as the first
/// pass reads them to an unlinked temporary file (``SpoolFile``), which is read again instead.
public final class RereadableInput: @unchecked Sendable {
    /// The input's name in messages.
    public let name: String
    /// The open regular file, when the input is one (owned; closed on release).
    private let descriptor: Int32?
    /// The copy of a stream.
    private let spool: SpoolFile?

    /// Opens `path` (`-`: standard input) by the rules of ``InputFile/open(_:)``, or, with `folder`,
    /// as a path that file's namer gives (`what` and `fix` as ``ConfinedFolder/open(_:as:fix:)`` takes
    /// them). Returns the input and the reader of its first pass, with a SHA-256 of its bytes started;
    /// read that to its end, then call ``finishFirstPass()`` before the first ``reread(bufferSize:)``.
    public static func open(
        _ path: String, confinedTo folder: ConfinedFolder? = nil, as what: String = "", fix: String = "",
        digesting: Bool = true
    ) throws(InputError) -> (input: RereadableInput, firstPass: LineReader) {
        let input: RereadableInput
        let reader: LineReader
        if let folder {
            let opened = try folder.open(path, as: what, fix: fix)
            input = RereadableInput(name: folder.displayName(of: path), descriptor: opened.descriptor, spool: nil)
            reader = LineReader(descriptor: opened.descriptor, name: input.name, fromOffset: 0, owns: false)
        } else if path == "-" {
            input = RereadableInput(name: "standard input", descriptor: nil, spool: try spool(for: path))
            reader = try LineReader(path: path)
        } else {
            let opened = try InputFile.open(path)
            if opened.type == .regular {
                input = RereadableInput(name: path, descriptor: opened.descriptor, spool: nil)
                reader = LineReader(descriptor: opened.descriptor, name: path, fromOffset: 0, owns: false)
            } else {
                input = RereadableInput(name: path, descriptor: nil, spool: try spool(for: path))
                reader = LineReader(opened, name: path)
            }
        }
        if digesting { reader.startDigest() }
        if let spool = input.spool { reader.copy(to: spool) }
        return (input, reader)
    }

    private static func spool(for path: String) throws(InputError) -> SpoolFile {
        do { return try SpoolFile() } catch {
            throw InputError(source: path == "-" ? "standard input" : path, line: nil, column: nil, message: "\(error)")
        }
    }

    private init(name: String, descriptor: Int32?, spool: SpoolFile?) {
        self.name = name
        self.descriptor = descriptor
        self.spool = spool
    }

    /// Makes the first pass's copy readable (flushes it); once, before any ``reread(bufferSize:)``.
    public func finishFirstPass() throws(InputError) {
        do { try spool?.finish() } catch { throw InputError(source: name, line: nil, column: nil, message: "\(error)") }
    }

    /// A reader of the input from its start, at an offset of its own; `bufferSize` is its first buffer.
    public func reread(bufferSize: Int = 1 << 12) -> LineReader {
        if let spool { return spool.sharedReader(name: name, bufferSize: bufferSize) }
        return LineReader(descriptor: descriptor!, name: name, fromOffset: 0, owns: false, bufferSize: bufferSize)
    }

    deinit { if let descriptor { Platform.close(descriptor) } }
}
