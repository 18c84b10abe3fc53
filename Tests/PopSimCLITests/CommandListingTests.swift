import Foundation
import PopSimInteractions
import Testing

@testable import PopSimCommands

/// What a newcomer reads first names every model family: `popsim --help`'s opening lines (built from
/// ``ModelFamilies/all``) and the command tables of Documentation/cli.md §2 and the README, which must
/// name exactly the commands `popsim` has.
@Suite struct CommandListingTests {
    /// The commands a Markdown table names in its first `Commands`-like column's code spans:
    /// `popsim decide popover\|popup\|sheet` is three commands (each alternative replaces the last word),
    /// a leading `popsim ` is dropped.
    static func commands(inTableAfter heading: String, of page: String) throws -> Set<String> {
        let text = try String(
            contentsOf: DocumentationExampleTests.root.appendingPathComponent(page), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix(heading) }, "\(page) has no '\(heading)'")
        let table = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        var names: Set<String> = []
        for row in table.dropFirst(2) {
            // The cell holding commands: the second of a `Group | Commands | Page` table, else the first.
            let cells = row.replacing(#"\|"#, with: "\u{1}").split(separator: "|", omittingEmptySubsequences: false)
                .dropFirst()
            let cell = cells.first { $0.contains("`") } ?? ""
            for span in cell.matches(of: /`([^`]+)`/).map({ String($0.1) }) {
                var words = span.split(separator: " ").map(String.init)
                if words.first == "popsim" { words.removeFirst() }
                guard let last = words.popLast() else { continue }
                for alternative in last.split(separator: "\u{1}") {
                    names.insert((words + [String(alternative)]).joined(separator: " "))
                }
            }
        }
        return names
    }

    static let tables: [(page: String, heading: String)] = [
        ("Documentation/cli.md", "## 2. Commands"), ("README.md", "## The command line"),
    ]

    @Test(arguments: tables)
    func tableNamesEveryCommand(page: String, heading: String) throws {
        let listed = try Self.commands(inTableAfter: heading, of: page)
        let commands = Set(PopSimTool.commands.map(\.name))
        #expect(commands.subtracting(listed).isEmpty, "\(page) does not list \(commands.subtracting(listed).sorted())")
        #expect(listed.subtracting(commands).isEmpty, "\(page) lists \(listed.subtracting(commands).sorted())")
    }

    /// Each family's library and word appear in the opening, before the usage line, as the registry
    /// orders them; every line fits the width.
    @Test func overviewOpeningNamesEveryFamily() throws {
        let result = try PopSimProcess.run(["--help"])
        #expect(result.status == 0)
        let opening = result.stdout.components(separatedBy: "\n\n")[0]
        let prose = opening.replacingOccurrences(of: "\n", with: " ")
        var position = prose.startIndex
        for family in ModelFamilies.all {
            let found = try #require(
                prose.range(of: "\(family.library) (\(family.name))", range: position..<prose.endIndex),
                "\(family.name) is missing from: \(opening)")
            position = found.upperBound
        }
        for line in opening.split(separator: "\n") { #expect(line.count <= PopSimTool.overviewWidth, "\(line)") }
    }

    /// The table reader sees the forms the pages use.
    @Test func tableReaderExpandsAlternatives() throws {
        let names = try Self.commands(inTableAfter: "## The command line", of: "README.md")
        #expect(names.isSuperset(of: ["synth pinch", "fit rubber-band", "decide sheet", "check", "spring-info"]))
    }
}
