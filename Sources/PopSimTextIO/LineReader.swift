import PopSimPlatform

/// Reads a text file or standard input line by line in bounded memory, counting lines from 1. Accepts
/// `\n` and `\r\n` endings; a final line without a newline is still returned.
///
/// A line may be at most ``maximumLineLength`` bytes: the buffer starts at 64 KiB and grows only as
/// far as that, and a longer line is malformed input (``InputError`` at that line), so a file without
/// newlines cannot make the reader hold it whole. A NUL byte is malformed input too, wherever it is:
/// text has none, and a number read with the C library's conversions would end silently at one
/// (`0.5\0garbage` read as 0.5). Each byte is searched once, for a newline and a NUL together, however
/// the input arrives (a pipe delivers a long line in many small reads).
///
/// A path is opened by the rules every input follows (``InputFile/open(_:)``): a directory, a device
/// or a socket is refused at once, and a pipe without a writer is refused instead of waited for.
public final class LineReader {
    /// The longest line read, in bytes without the terminator: 1 MiB, far beyond any CSV row PopSim
    /// reads or writes (a touch sample is under 100 bytes).
    public static let maximumLineLength = 1 << 20

    public let path: String
    /// This reader's line limit (``maximumLineLength`` unless a test asks for less).
    public let lineLimit: Int
    private let initialCapacity: Int
    public private(set) var lineNumber = 0
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// Where the next read starts, for a reader that reads at its own offset (`pread`).
    private var offset: Int?
    /// Whether the input is a pipe, which gives nothing at once when no process writes it.
    private let isPipe: Bool
    /// Bytes read so far.
    public private(set) var bytesRead = 0
    /// The SHA-256 of every byte read so far, when asked for (``startDigest()``).
    private var digest: SHA256?
    /// Where every byte read is copied as it is read, when asked for (``copy(to:)``).
    private var copy: SpoolFile?
    private var buffer: [UInt8]
    /// The unread bytes are `start..<end`; `start..<searched` holds no newline and no NUL.
    private var start = 0
    private var searched = 0
    private var end = 0
    private var atEndOfFile = false

    /// Opens `path`, or standard input when `path` is "-", by the rules of ``InputFile/open(_:)``.
    public init(path: String, bufferSize: Int = 1 << 16) throws(InputError) {
        self.path = path == "-" ? "standard input" : path
        if path == "-" {
            descriptor = Platform.standardInput
            ownsDescriptor = false
            // Standard input is the shell's to connect: an empty pipe there is an empty input.
            isPipe = false
        } else {
            let input = try InputFile.open(path)
            descriptor = input.descriptor
            ownsDescriptor = true
            isPipe = input.type == .fifo
        }
        lineLimit = Self.maximumLineLength
        initialCapacity = bufferSize
        buffer = [UInt8](repeating: 0, count: bufferSize)
    }

    /// Reads `input`, opened by ``InputFile/open(_:)`` (the reader owns and closes it), named `name`.
    init(_ input: InputFile.Opened, name: String) {
        path = name
        descriptor = input.descriptor
        ownsDescriptor = true
        isPipe = input.type == .fifo
        lineLimit = Self.maximumLineLength
        initialCapacity = 1 << 16
        buffer = [UInt8](repeating: 0, count: initialCapacity)
    }

    /// Reads the open `descriptor` (which the reader then owns and closes), naming it `name` in errors.
    /// `lineLimit` and `bufferSize` (the first buffer, and the most one read asks for until a line
    /// needs more) are for tests and fuzzing, which reach the limits with small inputs.
    public init(
        descriptor: Int32, name: String, lineLimit: Int = LineReader.maximumLineLength, bufferSize: Int = 1 << 16
    ) {
        precondition(lineLimit >= 1 && bufferSize >= 1, "a line reader needs a positive limit and buffer")
        path = name
        self.descriptor = descriptor
        ownsDescriptor = true
        isPipe = false
        self.lineLimit = lineLimit
        initialCapacity = bufferSize
        buffer = [UInt8](repeating: 0, count: bufferSize)
    }

    /// Reads the open `descriptor` from byte `offset` on, at an offset of its own (`pread`), so several
    /// readers (on several threads) can share one file without moving each other; the reader closes the
    /// descriptor only when it `owns` it.
    public init(
        descriptor: Int32, name: String, fromOffset offset: Int, owns: Bool = true, bufferSize: Int = 1 << 16
    ) {
        path = name
        self.descriptor = descriptor
        ownsDescriptor = owns
        isPipe = false
        self.offset = offset
        lineLimit = Self.maximumLineLength
        initialCapacity = bufferSize
        buffer = [UInt8](repeating: 0, count: bufferSize)
    }

    deinit { if ownsDescriptor { Platform.close(descriptor) } }

    /// Starts a SHA-256 of the input's bytes, before the first line is read.
    public func startDigest() {
        precondition(bytesRead == 0, "a digest covers the whole input")
        digest = SHA256()
    }

    /// Copies every byte read, from the first, to `spool` (input that arrives once and is read again).
    func copy(to spool: SpoolFile) {
        precondition(bytesRead == 0, "a copy covers the whole input")
        copy = spool
    }

    /// The SHA-256 of the bytes read so far (all of them once ``nextLine()`` has returned nil), in
    /// hexadecimal; nil without ``startDigest()``.
    public var hexadecimalDigest: String? { digest?.hexadecimalDigest }

    /// The next line without its terminator, or `nil` at the end.
    public func nextLine() throws(InputError) -> String? {
        while true {
            if let found = buffer[searched..<end].firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == 0 }) {
                guard buffer[found] != 0 else { throw nulByte(at: found) }
                let line = try take(upTo: found)
                start = found + 1
                searched = start
                return line
            }
            searched = end
            // A line of the maximum length may still be followed by "\r" before its "\n".
            if end - start > lineLimit + 1 { throw tooLong() }
            if atEndOfFile {
                guard start < end else { return nil }
                let line = try take(upTo: end)
                start = end
                searched = end
                return line
            }
            try refill()
        }
    }

    /// The line `start..<lineEnd`, without a final `\r`.
    private func take(upTo lineEnd: Int) throws(InputError) -> String {
        var contentEnd = lineEnd
        if contentEnd > start, buffer[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
        guard contentEnd - start <= lineLimit else { throw tooLong() }
        lineNumber += 1
        return String(decoding: buffer[start..<contentEnd], as: UTF8.self)
    }

    private func tooLong() -> InputError {
        InputError(
            source: path, line: lineNumber + 1, column: nil,
            message:
                "line longer than \(lineLimit) bytes\(lineLimit == Self.maximumLineLength ? " (1 MiB)" : ""), "
                + "the longest line read; is this the right file?"
        )
    }

    private func nulByte(at index: Int) -> InputError {
        InputError(
            source: path, line: lineNumber + 1, column: index - start + 1,
            message: "a NUL byte, which no text holds; is this the right file?")
    }

    private func refill() throws(InputError) {
        if start > 0 {
            buffer.withUnsafeMutableBytes { bytes in
                let base = bytes.baseAddress!
                base.copyMemory(from: base + start, byteCount: end - start)
            }
            end -= start
            searched -= start
            start = 0
        }
        if end == buffer.count {
            // Room for the longest line, its "\r\n" and a read's worth beyond; never more.
            let grown = min(buffer.count * 2, lineLimit + 2 + initialCapacity)
            buffer.append(contentsOf: repeatElement(0, count: grown - buffer.count))
        }
        let capacity = buffer.count - end
        var count = 0
        var failure: SystemError?
        repeat {
            failure = nil
            if let offset {
                switch buffer.withUnsafeMutableBytes({
                    Platform.read(descriptor, $0.baseAddress! + end, capacity, at: offset)
                }) {
                case let .success(read): count = read
                case let .failure(error): failure = error
                }
            } else {
                count = buffer.withUnsafeMutableBytes { Platform.read(descriptor, $0.baseAddress! + end, capacity) }
                if count < 0 { failure = .last }
            }
        } while failure == .interrupted
        if let failure {
            // A read failure is the file's, not its content's: no line, so it is an I/O error.
            throw InputError(
                source: path, line: nil, column: nil, message: "\(failure.description) (after line \(lineNumber))")
        }
        if count == 0 && bytesRead == 0 && isPipe {
            throw InputError(
                source: path, line: nil, column: nil,
                message: "is a pipe that no process writes (PopSim does not wait for a writer): "
                    + "start the process that writes it first, or give a file")
        }
        let range = end..<(end + count)
        if digest != nil {
            buffer.withUnsafeBytes { digest!.update(UnsafeRawBufferPointer(rebasing: $0[range])) }
        }
        if let copy {
            let failure: OutputError? = buffer.withUnsafeBytes { bytes in
                do throws(OutputError) {
                    try copy.write(bytes: UnsafeRawBufferPointer(rebasing: bytes[range]))
                } catch { return error }
                return nil
            }
            if let failure {
                throw InputError(
                    source: path, line: nil, column: nil, message: "cannot be copied to read it again: \(failure)")
            }
        }
        offset? += count
        bytesRead += count
        if count == 0 { atEndOfFile = true }
        end += count
    }
}

/// Input that cannot be read or parsed, located as precisely as possible: `file:line:column: message`.
/// Without a line it is a file that could not be opened or read, unless it says it is malformed (an
/// empty file, a file a golden may not name); with one, malformed content.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public let source: String
    public let line: Int?
    public let column: Int?
    public let message: String
    /// Whether the input was read but its content is wrong (exit 65), rather than unreadable (74).
    public let isMalformed: Bool

    /// `malformed` defaults to whether a line is given.
    public init(source: String, line: Int?, column: Int?, message: String, malformed: Bool? = nil) {
        self.source = source
        self.line = line
        self.column = column
        self.message = message
        isMalformed = malformed ?? (line != nil)
    }

    public var description: String {
        var location = source
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return "\(location): \(message)"
    }
}
