import Foundation
import PopSimTestSupport

/// Runs the built `popsim` executable (or `$POPSIM_BINARY`), as a user would.
enum PopSimProcess {
    static let executable = BuiltExecutable(name: "popsim", override: "POPSIM_BINARY")

    static func run(
        _ arguments: [String], input: String? = nil, currentDirectory: URL? = nil,
        standardOutputPath: String? = nil
    ) throws -> BuiltExecutable.Result {
        try executable.run(
            arguments, input: input, currentDirectory: currentDirectory, standardOutputPath: standardOutputPath)
    }

    static func temporaryDirectory() throws -> URL { try ScratchFiles.directory(prefix: "popsim-tests") }

    /// A file `name` holding `text` in a fresh directory; its path.
    static func file(_ name: String, _ text: String) throws -> String {
        try ScratchFiles.file(name, text, prefix: "popsim-tests")
    }

    /// `popsim` with `arguments`, through the shell that applies `redirections` first.
    static func runInShell(_ arguments: [String], redirections: String) throws -> BuiltExecutable.Result {
        try executable.runInShell(arguments, redirections: redirections)
    }
}

/// Parses a CSV with a header into rows of numbers keyed by column (for checking traces).
struct NumericCSV {
    let header: [String]
    let rows: [[Double]]

    init(_ text: String) {
        let lines = text.split(separator: "\n").map(String.init)
        header = lines.first.map { $0.split(separator: ",").map(String.init) } ?? []
        rows = lines.dropFirst().map { $0.split(separator: ",").map { Double(String($0)) ?? .nan } }
    }

    func column(_ name: String) -> [Double] {
        guard let index = header.firstIndex(of: name) else { return [] }
        return rows.map { $0[index] }
    }
}
