import PopSimTextIO

/// `@FILE` on a command line: the flags written in FILE, as swiftc and clang accept response files, so
/// that a configuration ("my panel") can live in a file beside an app's code and serve every command.
///
/// A file holds one flag and its value per line: the first word is the flag, the rest of the line
/// (trimmed, spaces kept) its value, so a value is never split, quoted or evaluated (`--synth swipe
/// --from 0,0 --to 0,300` is two words). Blank lines and lines whose first non-blank character is `#` are
/// skipped. A line that is one word starting with `@` includes another file, its path relative to the
/// including file's folder. What the expansion gives is an ordinary command line: golden tables record
/// the flags themselves, never the file.
///
/// Bounded: at most ``maximumDepth`` files deep, ``maximumWords`` words in all, and a file that includes
/// itself (directly or not) is refused.
public enum ResponseFiles {
    /// How deep `@FILE` lines may nest.
    public static let maximumDepth = 8
    /// The most words an expansion may produce.
    public static let maximumWords = 100_000

    /// `arguments` with every word that starts with `@` replaced by the words of the file it names.
    /// - Parameter readLines: the lines of a file, or an error (``InputError`` for a file that cannot be
    ///   read); injected so that the rules are tested without files.
    public static func expand(
        _ arguments: [String], readLines: (String) throws -> [String] = ResponseFiles.lines(ofFile:)
    ) throws -> [String] {
        guard arguments.contains(where: { $0.hasPrefix("@") }) else { return arguments }
        var words: [String] = []
        for argument in arguments {
            if argument.hasPrefix("@") {
                try append(
                    file: String(argument.dropFirst()), including: [], at: "", into: &words, readLines: readLines)
            } else {
                words.append(argument)
            }
            guard words.count <= maximumWords else { throw tooLarge() }
        }
        return words
    }

    /// The words of one line: none for a blank or comment line, else the flag and, if any, its value.
    public static func words(ofLine line: String) -> [String] {
        let trimmed = Substring(line).trimming(isBlank)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return [] }
        guard let blank = trimmed.utf8.firstIndex(where: isBlank) else { return [String(trimmed)] }
        let value = trimmed[blank...].trimming(isBlank)
        return [String(trimmed[..<blank]), String(value)]
    }

    /// Spaces, tabs and a carriage return (a file saved with CRLF line ends).
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// Every line of the file at `path` (``LineReader``'s bounds), refusing more than ``maximumWords``.
    /// Its errors name the file as the command line does, `response file @PATH`.
    public static func lines(ofFile path: String) throws -> [String] {
        do {
            let reader = try LineReader(path: path)
            var lines: [String] = []
            while let line = try reader.nextLine() {
                lines.append(line)
                guard lines.count <= maximumWords else { throw tooLarge() }
            }
            return lines
        } catch let error as InputError {
            throw InputError(
                source: "response file @" + DiagnosticText.excerpt(path), line: error.line, column: error.column,
                message: error.message, malformed: error.isMalformed)
        }
    }

    /// Appends the words of `path`; `chain` holds the files that include it, outermost first, and `at`
    /// says where it was named ("" on the command line, else "@FILE line N: ").
    private static func append(
        file path: String, including chain: [String], at place: String, into words: inout [String],
        readLines: (String) throws -> [String]
    ) throws {
        guard !path.isEmpty else {
            throw ParameterError("\(place)'@' names no response file; write @FILE with the file's path")
        }
        let name = "@" + DiagnosticText.excerpt(path)
        guard !chain.contains(path) else {
            throw ParameterError(
                "\(place)response file \(name) includes itself; remove the @ line that leads back to it")
        }
        guard chain.count < maximumDepth else {
            throw ParameterError(
                "\(place)response file \(name) is nested more than \(maximumDepth) files deep; include fewer levels")
        }
        for (index, line) in try readLines(path).enumerated() {
            let lineWords = Self.words(ofLine: line)
            if lineWords.count == 1, lineWords[0].hasPrefix("@") {
                try append(
                    file: relative(String(lineWords[0].dropFirst()), to: path), including: chain + [path],
                    at: "\(name) line \(index + 1): ", into: &words, readLines: readLines)
            } else {
                words += lineWords
            }
            guard words.count <= maximumWords else { throw tooLarge() }
        }
    }

    /// `included` as seen from the folder of `file` (unchanged when absolute or when `file` has no folder).
    static func relative(_ included: String, to file: String) -> String {
        guard !included.hasPrefix("/"), let slash = file.lastIndex(of: "/") else { return included }
        return String(file[...slash]) + included
    }

    private static func tooLarge() -> ParameterError {
        ParameterError("response files expand to more than \(maximumWords) words; split the configuration")
    }
}
