import PopSimPlatform

/// The folder tree a file that names other files (a golden table naming its frame-times file) may
/// name files in, so that such a file, arriving from someone else (a pull request), cannot make PopSim
/// read anything outside it: not `/etc/shadow`, not `../../../../etc/passwd`, not `/proc/self/environ`,
/// not a device, not a symbolic link beside it that points elsewhere.
///
/// The rule (Documentation/reliability.md, "Inputs a golden names"): a named path is relative, resolved
/// against the folder of the file that names it; with every `.`, `..` and symbolic link resolved it must
/// lie inside that folder or below it; and it must be a regular file. It is opened without following
/// a link (`O_NOFOLLOW` on the resolved path) and without waiting, and checked once open to be a
/// regular file. Every refusal is malformed input (the naming file is at fault, exit 65) except a named
/// file that does not exist or cannot be opened (74).
public struct ConfinedFolder: Sendable, Hashable {
    /// The folder, absolute, with every link resolved.
    public let path: String
    /// What names files in it, for messages (`goldens/sheet.csv`).
    public let namer: String
    /// The folder as the namer's path gives it (`goldens`, `.`), for naming the files in it.
    let givenPath: String

    /// The folder of the file at `file` (which must exist), for files that `namer` names.
    public init(containing file: String, namer: String) throws(InputError) {
        let slash = file.lastIndex(of: "/")
        let folder = slash.map { String(file[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        guard let resolved = Platform.resolvedPath(folder) else {
            throw InputError(
                source: file, line: nil, column: nil,
                message: "its folder cannot be resolved (\(SystemError.last.description))")
        }
        path = resolved
        givenPath = folder
        self.namer = namer
    }

    /// How messages name `recorded`, a file in the folder: from where the namer was named
    /// (`goldens/frames.csv` for `frames.csv` beside `goldens/sheet.csv`).
    public func displayName(of recorded: String) -> String {
        givenPath == "." ? recorded : (givenPath == "/" ? "" : givenPath) + "/" + recorded
    }

    /// Why `recorded` cannot be a path inside the folder, or nil when its form can (relative, not `-`,
    /// no NUL or control character).
    public static func formProblem(_ recorded: String) -> String? {
        if recorded.isEmpty { return "is empty" }
        if recorded == "-" { return "is standard input, which no file can name" }
        if recorded.hasPrefix("/") { return "is absolute" }
        if recorded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "holds a control character"
        }
        return nil
    }

    /// Opens `recorded`, the path the namer gives as `what` (`the recorded --frame-times`), by the rule
    /// above, for reading; errors quote the path as the namer wrote it (never the content of the file it
    /// names) and end with `fix`, how to repair the namer.
    public func open(_ recorded: String, as what: String, fix: String) throws(InputError) -> InputFile.Opened {
        let named = "\(what) '\(DiagnosticText.excerpt(recorded, limit: DiagnosticText.pathLimit))'"
        func refused(_ why: String) -> InputError {
            InputError(
                source: namer, line: nil, column: nil,
                message: "\(named) \(why); it may name only a regular file in its own folder or below it, "
                    + "by a relative path: \(fix)",
                malformed: true)
        }
        if let problem = Self.formProblem(recorded) { throw refused(problem) }
        let joined = (path == "/" ? "" : path) + "/" + recorded
        guard let resolved = Platform.resolvedPath(joined) else {
            throw InputError(
                source: namer, line: nil, column: nil,
                message: "\(named) does not exist in its folder or cannot be reached "
                    + "(\(SystemError.last.description)): \(fix)")
        }
        let inside = path == "/" ? resolved != "/" : resolved.hasPrefix(path + "/")
        guard inside else { throw refused("leaves that folder once its links and '..' are resolved") }
        do {
            return try InputFile.open(
                resolved, as: namer, followingLinks: false,
                refusing: [.fifo, .directory, .characterDevice, .blockDevice, .socket, .symbolicLink, .unknown])
        } catch  where error.isMalformed {
            throw refused("is not a regular file")
        }
    }
}
