import PopSimPlatform

/// What a command reads, so that none of its outputs can be one of its inputs: the paths it was
/// given to read, `-` for standard input. ``OutputFile/open(_:reading:)`` and ``OutputSet`` refuse an
/// output that is the same file (same device and inode, through any link or `/proc/self/fd` name) as
/// one of them: writing it would replace the file being read, or (a pipe) feed the output back into
/// the input.
///
/// Character devices are exempt: reading and writing one terminal, or `/dev/null`, is not a
/// conflict.
public struct InputFiles: Sendable, Equatable {
    /// The paths as given; `-` is standard input.
    public let paths: [String]

    public init(_ paths: [String]) {
        self.paths = paths
    }

    /// A command that reads no file.
    public static let none = InputFiles([])

    /// Whether standard input is one of the inputs.
    public var readsStandardInput: Bool { paths.contains("-") }

    /// The input (as given) that is the file `identity` names, if any.
    func input(sameAs identity: FileStatus) -> String? {
        guard identity.canConflict else { return nil }
        for path in paths {
            let input = path == "-" ? FileStatus(descriptor: Platform.standardInput) : FileStatus(path: path)
            if let input, input.isSameFile(as: identity) { return path == "-" ? "standard input" : path }
        }
        return nil
    }

    /// Throws when descriptor `descriptor` (standard output, 1, for a command that writes there) is
    /// one of the inputs: `popsim velocity t.csv >> t.csv` would read its own output.
    public func checkOutput(descriptor: Int32, name: String) throws(OutputError) {
        guard let identity = FileStatus(descriptor: descriptor), let input = input(sameAs: identity) else { return }
        throw OutputError(path: name, reason: InputFiles.sameFileReason(input))
    }

    static func sameFileReason(_ input: String) -> String {
        let quoted =
            input == "standard input"
            ? input : "the input '\(DiagnosticText.excerpt(input, limit: DiagnosticText.pathLimit))'"
        return "is \(quoted) too; PopSim never writes a file it reads: write to another file"
    }
}

extension FileStatus {
    /// The file open as `descriptor`, or at `path` (links followed); nil when there is none.
    init?(descriptor: Int32) {
        guard let status = Platform.status(descriptor: descriptor) else { return nil }
        self = status
    }

    init?(path: String) {
        guard case let .success(status) = Platform.status(path: path) else { return nil }
        self = status
    }

    /// Files whose reading a write would disturb: all but character devices.
    var canConflict: Bool { type != .characterDevice }
}
