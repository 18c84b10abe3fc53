import Foundation
import PopSimParameters
import Testing

/// Every example in the README and in Documentation/ that shows its output is run with the built
/// `popsim` and must print exactly what the page shows, and every citation of a page resolves to a
/// file (and section) in the repository.
///
/// An example is a ```` ```console ```` block: lines starting with `$ ` are commands (a trailing `\`
/// continues one on the next line; `|` pipes one `popsim` command into the next), the lines after a
/// command are its standard output, and a line `…` stands for any number of lines. Commands run from
/// the package root. Blocks fenced as `sh` or `text` are not run.
@Suite("Documentation examples")
struct DocumentationExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The pages: README.md and every Markdown file under Documentation/.
    static let pages: [String] = {
        let documentation = root.appendingPathComponent("Documentation")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: documentation.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "Documentation/\($0)" }
        return ["README.md"] + names
    }()

    struct Example: CustomStringConvertible, Sendable {
        let page: String
        let line: Int
        let command: String
        let output: [String]
        var description: String { "\(page):\(line): $ \(command)" }
    }

    static func examples(in page: String) -> [Example] {
        guard let text = try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8) else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [Example] = []
        var inConsole = false
        var index = 0
        var current: (line: Int, command: String, output: [String])?
        func finish() {
            if let c = current { examples.append(Example(page: page, line: c.line, command: c.command, output: c.output)) }
            current = nil
        }
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("```") {
                if inConsole { finish() }
                inConsole = !inConsole && line == "```console"
                index += 1
                continue
            }
            guard inConsole else { index += 1; continue }
            if line.hasPrefix("$ ") {
                finish()
                var command = String(line.dropFirst(2))
                let start = index + 1
                while command.hasSuffix("\\"), index + 1 < lines.count {
                    index += 1
                    command = String(command.dropLast()) + " " + lines[index].trimmingCharacters(in: .whitespaces)
                }
                current = (start, command, [])
            } else {
                current?.output.append(line)
            }
            index += 1
        }
        return examples
    }

    static let allExamples: [Example] = pages.flatMap(examples(in:))

    /// `expected` with each `…` line standing for zero or more lines.
    static func matches(_ actual: ArraySlice<String>, _ expected: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == "…" {
            let rest = expected.dropFirst()
            return (0...actual.count).contains { matches(actual.dropFirst($0), rest) }
        }
        guard let line = actual.first, line == first else { return false }
        return matches(actual.dropFirst(), expected.dropFirst())
    }

    @Test func everyPageHasRunnableExamples() {
        #expect(Self.pages.contains("Documentation/cli.md"))
        #expect(Self.examples(in: "README.md").count >= 3)
        for page in ["Documentation/cli.md", "Documentation/popovers.md", "Documentation/lnpopupcontroller.md",
                     "Documentation/gestures.md", "Documentation/springs-and-gsl.md"] {
            #expect(!Self.examples(in: page).isEmpty, "\(page) shows no example with its output")
        }
    }

    @Test(arguments: allExamples)
    func exampleOutputIsWhatThePageShows(example: Example) throws {
        let words = try ShellWords.split(example.command)
        let stages = words.split(separator: "|", omittingEmptySubsequences: false).map(Array.init)
        var input: String?
        var output = ""
        for stage in stages {
            try #require(stage.first == "popsim", "\(example): only popsim commands (and pipes between them) are run")
            let result = try PopSimProcess.run(Array(stage.dropFirst()), input: input, currentDirectory: Self.root)
            #expect(result.status == 0, "\(example): exit \(result.status): \(result.stderr)")
            output = result.stdout
            input = output
        }
        var actual = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if actual.last == "" { actual.removeLast() }
        var expected = example.output
        while expected.last == "" { expected.removeLast() }
        #expect(Self.matches(actual[...], expected[...]),
                "\(example) prints:\n\(actual.joined(separator: "\n"))\n— the page shows:\n\(expected.joined(separator: "\n"))")
    }

    /// The README is a front door: at most 400 lines, the two quick-start lines first and unchanged.
    @Test func readmeIsAFrontDoor() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 401)   // 400 lines and the final newline
        let commands = lines.filter { $0.hasPrefix("Scripts/bootstrap.sh") }
        #expect(Array(commands.prefix(2)) == ["Scripts/bootstrap.sh && swift run -c release bench", "Scripts/bootstrap.sh && swift test"])
    }

    /// Every Markdown page a source file, script, test or page cites exists in the repository (a bare name
    /// is looked up in Documentation/), and a cited `§N` is a numbered heading of that page. Nothing
    /// points outside the repository.
    @Test func citationsResolveInsideTheRepository() throws {
        let outside = ".." + "/shared"
        let citation = try Regex(#"([A-Za-z0-9_+./-]*[A-Za-z0-9_+-]\.md)(?: (§[0-9]+(?:\.[0-9]+)?))?"#)
        let upstream = try Regex(#"@[0-9a-f]{7,40}\b|https?://"#)
        var checked = 0
        for file in try Self.sourceFiles() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains(outside), "\(file) points outside the repository")
            for line in text.split(separator: "\n") {
                for match in line.matches(of: citation) {
                    let name = String(match.output[1].substring!)
                    // An upstream file (`owner/repo@commit path`, or under a URL) is not ours to resolve.
                    let before = line[..<match.range.lowerBound]
                    guard !before.contains(upstream), !before.hasSuffix("/"), !name.contains("Documentation.docc") else { continue }
                    guard let page = Self.resolve(name, from: file) else {
                        Issue.record("\(file) cites \(name), which is not in the repository")
                        continue
                    }
                    checked += 1
                    if let section = match.output[2].substring {
                        let number = String(section.dropFirst())
                        let headings = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
                            .split(separator: "\n").filter { $0.hasPrefix("#") }
                        #expect(headings.contains { $0.drop { $0 == "#" || $0 == " " }.hasPrefix(number + ". ") },
                                "\(file) cites \(name) \(section), which has no heading '\(number). …'")
                    }
                }
            }
        }
        #expect(checked > 50)
    }

    /// The page a cited name refers to, relative to the root, or nil.
    static func resolve(_ name: String, from file: String) -> String? {
        let directory = (file as NSString).deletingLastPathComponent
        let candidates = [name, (directory as NSString).appendingPathComponent(name), "Documentation/" + name,
                          "Documentation/" + (name as NSString).lastPathComponent]
        return candidates.map { ($0 as NSString).standardizingPath }.first {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
        }
    }

    /// The repository's own text files: sources, benchmarks, tests, scripts, examples, pages.
    static func sourceFiles() throws -> [String] {
        var files = ["README.md", "CHANGELOG.md", "Package.swift"]
        for directory in ["Sources", "Benchmarks", "Tests", "Scripts", "Examples", "Documentation"] {
            guard let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(directory).path) else { continue }
            for case let path as String in enumerator
            where ["swift", "md", "py", "sh", "c", "h"].contains((path as NSString).pathExtension) && !path.contains(".build/") {
                files.append("\(directory)/\(path)")
            }
        }
        return files
    }
}
