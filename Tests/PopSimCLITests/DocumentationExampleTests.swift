import Foundation
import PopSimParameters
import PopSimTestSupport
import Testing

/// Every command line in a fenced block of the README and of Documentation/ runs, and every output a
/// page shows is what the command prints; every citation of a page resolves to a file (and section)
/// in the repository.
///
/// Blocks fenced `console`, `text` or with no language: a line starting with `$ ` is a command (a
/// trailing `\` continues it on the next line), and the lines after it, up to the next command or the
/// end of the block, are its output. Blocks fenced `sh`: every line that is not blank or a `#` comment
/// is a command (continued with `\`), whose output is not shown. Other languages (`swift`, …) are code,
/// not commands.
///
/// A page's commands run in order through `/bin/sh` in a scratch directory of their own, with the
/// built `popsim` and `bench` first on `PATH`; the repository's top-level folders are linked into it
/// (`Tests/` is a real folder holding a link to `Tests/Fixtures`), so files a command writes stay in
/// the scratch directory and later commands of the page read them. Each must exit 0. The toolchain's
/// own lines cannot run inside the tests and are checked instead: `swift build --product NAME` names an
/// executable product, `swift run [-c release] NAME ARGS` runs the built NAME with ARGS (`bench` with
/// `--list --allow-debug`, which checks the flags and runs nothing), `Scripts/*.sh` are executable and
/// `Scripts/fuzz.sh` is given one of its targets; `export` and `swift test` lines are left alone.
///
/// Shown output matches standard output, or standard output followed by standard error (notes and
/// summaries), line for line, where a line `…` stands for any number of lines and a `…` inside a line
/// for any text (timings).
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

    /// One command line of a page, with the output the page shows for it (nil: none shown).
    struct Example: CustomStringConvertible, Sendable {
        let page: String
        let line: Int
        let command: String
        let output: [String]?
        var description: String { "\(page):\(line): \(command)" }
    }

    /// The languages whose fenced blocks hold commands.
    static let shellLanguages: Set<String> = ["console", "text", "", "sh"]

    static func examples(in page: String) -> [Example] {
        guard let text = try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8) else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [Example] = []
        var language: String?
        var index = 0
        var current: (line: Int, command: String, output: [String]?)?
        func finish() {
            if let c = current {
                examples.append(Example(page: page, line: c.line, command: c.command, output: c.output))
            }
            current = nil
        }
        /// The command starting at `index` with its continuation lines; moves `index` to its last line.
        func command(_ first: String) -> String {
            var command = first
            while command.hasSuffix("\\"), index + 1 < lines.count {
                index += 1
                command = String(command.dropLast()) + " " + lines[index].trimmingCharacters(in: .whitespaces)
            }
            return command
        }
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("```") {
                finish()
                language = language == nil ? String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces) : nil
                index += 1
                continue
            }
            guard let block = language, shellLanguages.contains(block) else {
                index += 1
                continue
            }
            let start = index + 1
            if block == "sh" {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty && !trimmed.hasPrefix("#") {
                    examples.append(Example(page: page, line: start, command: command(trimmed), output: nil))
                }
            } else if line.hasPrefix("$ ") {
                finish()
                current = (start, command(String(line.dropFirst(2))), [])
            } else {
                current?.output?.append(line)
            }
            index += 1
        }
        finish()
        return examples
    }

    static let allExamples: [Example] = pages.flatMap(examples(in:))

    /// `expected` with each `…` line standing for zero or more lines and a `…` inside a line for any text.
    static func matches(_ actual: ArraySlice<String>, _ expected: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == "…" {
            let rest = expected.dropFirst()
            return (0...actual.count).contains { matches(actual.dropFirst($0), rest) }
        }
        let pattern = first.split(separator: "…", omittingEmptySubsequences: false)[...]
        guard let line = actual.first, matches(line: Substring(line), pattern: pattern) else { return false }
        return matches(actual.dropFirst(), expected.dropFirst())
    }

    /// `line` against the pieces of a pattern that were separated by `…` (any text between them).
    static func matches(line: Substring, pattern: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return line.isEmpty }
        guard pattern.count > 1 else { return line == first }
        guard line.hasPrefix(first) else { return false }
        let rest = line.dropFirst(first.count)
        return (0...rest.count).contains { matches(line: rest.dropFirst($0), pattern: pattern.dropFirst()) }
    }

    /// The wildcards themselves: `…` lines and `…` inside a line.
    @Test func wildcardsMatchWhatTheySay() {
        #expect(Self.matches(["a", "b", "c"][...], ["a", "…", "c"][...]))
        #expect(Self.matches(["a", "c"][...], ["a", "…", "c"][...]))
        #expect(!Self.matches(["a", "b"][...], ["a", "…", "c"][...]))
        #expect(Self.matches(["solved 1 lines in 0.02 s (9000/s)"][...], ["solved 1 lines in … s (…/s)"][...]))
        #expect(!Self.matches(["solved 2 lines in 0.02 s"][...], ["solved 1 lines in … s"][...]))
        #expect(!Self.matches(["x…"][...], ["y…"][...]))
    }

    @Test func everyPageHasRunnableExamples() {
        #expect(Self.pages.contains("Documentation/cli.md"))
        #expect(Self.examples(in: "README.md").count >= 3)
        for page in [
            "Documentation/cli.md", "Documentation/popovers.md", "Documentation/lnpopupcontroller.md",
            "Documentation/gestures.md", "Documentation/springs-and-gsl.md", "Documentation/fitting.md",
            "Documentation/thresholds.md",
        ] {
            #expect(Self.examples(in: page).contains { $0.output != nil }, "\(page) shows no example with its output")
        }
        // The summary quoted in cli.md's text block is among the checked outputs.
        #expect(
            Self.examples(in: "Documentation/cli.md").contains {
                $0.output?.contains { $0.hasPrefix("pipeline (60 Hz") } ?? false
            })
    }

    /// A scratch directory holding links to the repository's top-level folders.
    static func sandbox() throws -> URL {
        let directory = try PopSimProcess.temporaryDirectory()
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: root.path) where !name.hasPrefix(".") && name != "Tests" {
            try manager.createSymbolicLink(
                at: directory.appendingPathComponent(name), withDestinationURL: root.appendingPathComponent(name))
        }
        let tests = directory.appendingPathComponent("Tests")
        try manager.createDirectory(at: tests, withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            at: tests.appendingPathComponent("Fixtures"),
            withDestinationURL: root.appendingPathComponent("Tests/Fixtures"))
        return directory
    }

    /// The built executables' folder, first on `PATH`.
    static var environment: [String: String] {
        let built = PopSimProcess.executable.url.deletingLastPathComponent().path
        return ["PATH": built + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    static let shell = BuiltExecutable(url: URL(fileURLWithPath: "/bin/sh"))

    /// What a toolchain line (one that cannot run inside the tests) must satisfy; nil for a command that runs.
    static func toolchainCheck(_ command: String, in directory: URL) throws -> String? {
        var words = try ShellWords.split(command.components(separatedBy: " #").first ?? command)
        // NAME=value prefixes
        while let first = words.first, first.contains("="), !first.hasPrefix("-") { words.removeFirst() }
        guard let first = words.first else { return nil }
        if first == "export" { return nil }
        if first.hasPrefix("Scripts/") && first.hasSuffix(".sh") {
            let script = root.appendingPathComponent(first)
            guard FileManager.default.isExecutableFile(atPath: script.path) else {
                return "\(first) is not an executable file"
            }
            if first == "Scripts/fuzz.sh" {
                let text = try String(contentsOf: script, encoding: .utf8)
                let targets =
                    text.split(separator: "\n").first { $0.hasPrefix("targets=(") }.map {
                        $0.dropFirst("targets=(".count).dropLast().split(separator: " ").map(String.init)
                    } ?? []
                guard words.count > 1, (targets + ["all", "replay"]).contains(words[1]) else {
                    return "\(command): fuzz.sh takes one of \((targets + ["all", "replay"]).joined(separator: ", "))"
                }
            }
            return ""
        }
        guard first == "swift", words.count > 1 else { return nil }
        switch words[1] {
        case "test":
            return ""
        case "build":
            guard let flag = words.firstIndex(of: "--product"), flag + 1 < words.count else { return "" }
            let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
            return package.contains(".executable(name: \"\(words[flag + 1])\"")
                ? "" : "no executable product \(words[flag + 1])"
        case "run":
            var rest = Array(words.dropFirst(2))
            if rest.first == "-c" { rest.removeFirst(2) }
            guard let product = rest.first else { return "" }
            var arguments = Array(rest.dropFirst())
            if product == "bench" { arguments = ["--list", "--allow-debug"] + arguments }
            let result = try shell.run(
                ["-c", ShellWords.join([product] + arguments)], currentDirectory: directory,
                environment: environment)
            return result.status == 0
                ? "" : "\(product) \(arguments.joined(separator: " ")) exits \(result.status): \(result.stderr)"
        default:
            return nil
        }
    }

    @Test(arguments: pages)
    func everyCommandRunsAndPrintsWhatThePageShows(page: String) throws {
        let directory = try Self.sandbox()
        defer { try? FileManager.default.removeItem(at: directory) }
        for example in Self.examples(in: page) {
            let parts = example.command.components(separatedBy: " && ")
            let checks = try parts.map { try Self.toolchainCheck($0, in: directory) }
            if checks.contains(where: { $0 != nil }) {
                for (part, check) in zip(parts, checks) {
                    #expect(check == nil || check == "", "\(example.page):\(example.line): \(part): \(check ?? "")")
                }
                continue
            }
            let result = try Self.shell.run(
                ["-c", example.command], currentDirectory: directory, environment: Self.environment)
            #expect(result.status == 0, "\(example): exit \(result.status): \(result.stderr)")
            guard var expected = example.output else { continue }
            while expected.last == "" { expected.removeLast() }
            var actual = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if actual.last == "" { actual.removeLast() }
            var errors = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if errors.last == "" { errors.removeLast() }
            let printed = (actual + errors).joined(separator: "\n")
            let shown = expected.joined(separator: "\n")
            #expect(
                Self.matches(actual[...], expected[...]) || Self.matches((actual + errors)[...], expected[...]),
                "\(example) prints:\n\(printed)\n— the page shows:\n\(shown)"
            )
        }
    }

    /// The plotting scripts run as the pages call them: `Scripts/plot_*.py …`, an executable with a
    /// Python 3 shebang.
    @Test func plotScriptsAreExecutable() throws {
        let scripts = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Scripts").path
        )
        .filter { $0.hasPrefix("plot_") && $0.hasSuffix(".py") }
        #expect(scripts.count >= 5)
        for script in scripts {
            let path = Self.root.appendingPathComponent("Scripts/\(script)").path
            #expect(FileManager.default.isExecutableFile(atPath: path), "Scripts/\(script) is not executable")
            #expect(
                try String(contentsOfFile: path, encoding: .utf8).hasPrefix("#!/usr/bin/env python3\n"),
                "Scripts/\(script)")
        }
    }

    /// The README is a front door: at most 400 lines, the two quick-start lines first and unchanged.
    @Test func readmeIsAFrontDoor() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 401)  // 400 lines and the final newline
        let commands = lines.filter { $0.hasPrefix("Scripts/bootstrap.sh") }
        #expect(
            Array(commands.prefix(2)) == [
                "Scripts/bootstrap.sh && swift run -c release bench", "Scripts/bootstrap.sh && swift test",
            ])
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
                    guard !before.contains(upstream), !before.hasSuffix("/"), !name.contains("Documentation.docc")
                    else { continue }
                    guard let page = Self.resolve(name, from: file) else {
                        Issue.record("\(file) cites \(name), which is not in the repository")
                        continue
                    }
                    checked += 1
                    if let section = match.output[2].substring {
                        let number = String(section.dropFirst())
                        let headings = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
                            .split(separator: "\n").filter { $0.hasPrefix("#") }
                        #expect(
                            headings.contains { $0.drop { $0 == "#" || $0 == " " }.hasPrefix(number + ". ") },
                            "\(file) cites \(name) \(section), which has no heading '\(number). …'")
                    }
                }
            }
        }
        #expect(checked > 50)
    }

    /// Every path of this repository a page names in code type (`Sources/PopSimParameters/`,
    /// `Scripts/plot_trace.py:42`) exists; placeholders (`<name>`, `*`, `…`, `TARGET`) and build products
    /// aside. Upstream paths
    /// (`Sources/Popover.swift` in a table of aheze/Popovers) are told apart by this repository's own
    /// top-level names: its modules, fixtures, scripts, examples, fuzzers and pages.
    @Test func repositoryPathsOnThePagesExist() throws {
        let path = try Regex(
            #"`((?:Sources/(?:PopSim|FrameBench|CPopSim)|Tests/(?:PopSim|FrameBench|Fixtures)"#
                + #"|Benchmarks/(?:PopSim|CPopSim)|Scripts/|Examples/|Fuzz/|Documentation/)[^`\s]*)`"#)
        var checked = 0
        for page in Self.pages + ["CHANGELOG.md"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            for match in text.matches(of: path) {
                var name = String(match.output[1].substring!)
                let components = name.split(separator: "/")
                guard !name.contains(where: { "<*…{".contains($0) }),
                    !components.contains(where: { $0 == ".build" || $0.allSatisfy(\.isUppercase) })
                else { continue }
                if let colon = name.firstIndex(of: ":") { name = String(name[..<colon]) }
                while name.hasSuffix(".") || name.hasSuffix(",") { name.removeLast() }
                #expect(
                    FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(name).path),
                    "\(page) names \(name), which is not in the repository")
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    /// The page a cited name refers to, relative to the root, or nil.
    static func resolve(_ name: String, from file: String) -> String? {
        let directory = (file as NSString).deletingLastPathComponent
        let candidates = [
            name, (directory as NSString).appendingPathComponent(name), "Documentation/" + name,
            "Documentation/" + (name as NSString).lastPathComponent,
        ]
        return candidates.map { ($0 as NSString).standardizingPath }.first {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
        }
    }

    /// The repository's own text files: sources, benchmarks, tests, scripts, examples, pages.
    static func sourceFiles() throws -> [String] {
        var files = ["README.md", "CHANGELOG.md", "Package.swift"]
        for directory in ["Sources", "Benchmarks", "Tests", "Scripts", "Examples", "Documentation"] {
            guard let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(directory).path)
            else { continue }
            for case let path as String in enumerator
            where ["swift", "md", "py", "sh", "c", "h"].contains((path as NSString).pathExtension)
                && !path.contains(".build/")
            {
                files.append("\(directory)/\(path)")
            }
        }
        return files
    }
}
