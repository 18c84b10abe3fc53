import PopSimPlatform

/// Reads a text file or standard input line by line in bounded memory, counting lines from 1. Accepts
/// `\n` and `\r\n` endings; a final line without a newline is still returned.
///
/// A line may be at most ``maximumLineLength`` bytes: the buffer starts at 64 KiB and grows only as
/// far as that, and a longer line is malformed input (``InputError`` at that line), so a file without
/// newlines cannot make the reader hold it whole. Each byte is searched for a newline once, however
/// the input arrives (a pipe delivers a long line in many small reads).
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
    /// Where the next read starts, for a reader that reads at its own offset (``init(descriptor:name:fromOffset:)``).
    private var offset: Int?
    private var buffer: [UInt8]
    /// The unread bytes are `start..<end`; `start..<searched` holds no newline.
    private var start = 0
    private var searched = 0
    private var end = 0
    private var atEndOfFile = false

    /// Opens `path`, or standard input when `path` is "-". A directory is refused here, as a file that
    /// cannot be read (not as malformed data).
    public init(path: String) throws(InputError) {
        self.path = path == "-" ? "standard input" : path
        if path == "-" {
            descriptor = Platform.standardInput
            ownsDescriptor = false
        } else {
            switch Platform.open(path, .readOnly) {
            case let .success(opened): descriptor = opened
            case let .failure(error):
                throw InputError(source: path, line: nil, column: nil, message: error.description)
            }
            ownsDescriptor = true
            if Platform.status(descriptor: descriptor)?.type == .directory {
                Platform.close(descriptor)
                throw InputError(source: path, line: nil, column: nil, message: "is a directory; give a file")
            }
        }
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
        self.lineLimit = lineLimit
        initialCapacity = bufferSize
        buffer = [UInt8](repeating: 0, count: bufferSize)
    }

    /// Reads the open `descriptor` (which the reader then owns and closes) from byte `offset` on, at
    /// an offset of its own (`pread`), so several readers can share one file without moving each other.
    public convenience init(descriptor: Int32, name: String, fromOffset offset: Int) {
        self.init(descriptor: descriptor, name: name)
        self.offset = offset
    }

    deinit { if ownsDescriptor { Platform.close(descriptor) } }

    /// The next line without its terminator, or `nil` at the end.
    public func nextLine() throws(InputError) -> String? {
        while true {
            if let newline = buffer[searched..<end].firstIndex(of: UInt8(ascii: "\n")) {
                let line = try take(upTo: newline)
                start = newline + 1
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
        offset? += count
        if count == 0 { atEndOfFile = true }
        end += count
    }
}

/// Input that cannot be read or parsed, located as precisely as possible: `file:line:column: message`.
/// Without a line it is a file that could not be opened or read; with one, malformed content.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public let source: String
    public let line: Int?
    public let column: Int?
    public let message: String

    public init(source: String, line: Int?, column: Int?, message: String) {
        self.source = source
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var location = source
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return "\(location): \(message)"
    }
}
