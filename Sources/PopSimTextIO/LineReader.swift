import PopSimPlatform

/// Reads a text file or standard input line by line in constant memory (64 KiB buffer), counting lines
/// from 1. Accepts `\n` and `\r\n` endings; a final line without a newline is still returned.
///
/// The buffer grows to hold the longest line; with `maximumLineLength` a longer line is an error
/// instead, so input that never ends a line cannot take unbounded memory.
public final class LineReader {
    public let path: String
    public private(set) var lineNumber = 0
    /// The longest line accepted, in bytes (nil: no limit).
    public let maximumLineLength: Int?
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEndOfFile = false

    /// Opens `path`, or standard input when `path` is "-".
    public init(path: String, maximumLineLength: Int? = nil) throws(InputError) {
        self.path = path == "-" ? "standard input" : path
        self.maximumLineLength = maximumLineLength
        if path == "-" {
            descriptor = STDIN_FILENO
            ownsDescriptor = false
        } else {
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else {
                throw InputError(source: path, line: nil, column: nil, message: String(cString: strerror(errno)))
            }
            ownsDescriptor = true
        }
        buffer = [UInt8](repeating: 0, count: 1 << 16)
    }

    deinit { if ownsDescriptor { close(descriptor) } }

    /// The next line without its terminator, or `nil` at the end.
    public func nextLine() throws(InputError) -> String? {
        while true {
            if let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
                var lineEnd = newline
                if lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                let line = String(decoding: buffer[start..<lineEnd], as: UTF8.self)
                start = newline + 1
                lineNumber += 1
                return line
            }
            if atEndOfFile {
                guard start < end else { return nil }
                var lineEnd = end
                if buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                let line = String(decoding: buffer[start..<lineEnd], as: UTF8.self)
                start = end
                lineNumber += 1
                return line
            }
            try refill()
        }
    }

    private func refill() throws(InputError) {
        if start > 0 {
            buffer.replaceSubrange(0..<(end - start), with: buffer[start..<end])
            end -= start
            start = 0
        }
        if let maximumLineLength, end - start > maximumLineLength {
            throw InputError(source: path, line: lineNumber + 1, column: nil,
                             message: "line longer than \(maximumLineLength) bytes: not a line of this format")
        }
        if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        let capacity = buffer.count - end
        var count = 0
        repeat {
            count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + end, capacity) }
        } while count < 0 && errno == EINTR
        if count < 0 {
            throw InputError(source: path, line: lineNumber + 1, column: nil, message: String(cString: strerror(errno)))
        }
        if count == 0 { atEndOfFile = true }
        end += count
    }
}

/// Input that cannot be read or parsed, located as precisely as possible: `file:line:column: message`.
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
