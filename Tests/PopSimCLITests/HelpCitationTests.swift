import Foundation
import Testing

@testable import PopSimCommands

/// The upstream line ranges a command's `--help` cites are the ones Documentation/ gives for the same
/// file: help texts are short and retyped by hand, the pages are where each rule is read line by line,
/// so a range in a help text that no page gives is a citation gone stale (or never checked).
///
/// Files are compared by name (`Core.swift` in a help text is `Sources/Core.swift` of
/// `scenee/FloatingPanel@7efcc76` on the page). A citation is `[repo@commit ]path:RANGES`, or, for the
/// file named last, `l.RANGES` or `(:RANGES)`; RANGES is `L` or `L1-L2`, several joined by `, `. Pages
/// also use the path abbreviations they define (`- **PMC** = \`slackhq/PanModal@b012aec
/// PanModal/Controller/PanModalPresentationController.swift\``, `**Core**, … = \`… Sources/<name>.swift\``).
@Suite struct HelpCitationTests {
    /// One line range of an upstream file.
    struct Citation: Hashable, CustomStringConvertible {
        let file: String
        let first: Int
        let last: Int
        var description: String { first == last ? "\(file):\(first)" : "\(file):\(first)-\(last)" }
    }

    static let sourceExtensions = ["swift", "mm", "m", "h", "dart", "cpp", "kt", "java", "c"]

    /// The citations of `text`: each range with the name of the file it is a line of. `abbreviations`
    /// maps a page's abbreviation to its file's name.
    static func citations(in text: String, abbreviations: [String: String] = [:]) -> [Citation] {
        let extensions = sourceExtensions.joined(separator: "|")
        let names = abbreviations.keys.sorted { $0.count > $1.count }.map(NSRegularExpression.escapedPattern)
        let abbreviated = names.isEmpty ? "" : "|\\b(?<abbreviation>\(names.joined(separator: "|")))(?=:\\d)"
        let ranges = "\\d+(?:-\\d+)?(?:,\\s*\\d+(?:-\\d+)?)*"
        // A path (with or without its ranges), an abbreviation with its ranges, or ranges of the last file.
        let pattern =
            "(?<path>[A-Za-z0-9_+./-]*[A-Za-z0-9_+-]\\.(?:\(extensions)))\\b(?::(?<pathRanges>\(ranges)))?"
            + abbreviated + "|(?:\\bl\\.|\\(:|`:)(?<lineRanges>\(ranges))"
        let expression = try! NSRegularExpression(pattern: pattern)
        let whole = NSRange(text.startIndex..., in: text)
        var file: String?
        var found: [Citation] = []
        func group(_ match: NSTextCheckingResult, _ name: String) -> String? {
            let range = match.range(withName: name)
            return range.location == NSNotFound ? nil : Range(range, in: text).map { String(text[$0]) }
        }
        func append(_ list: String, _ name: String) {
            for item in list.split(separator: ",") {
                let bounds = item.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "-").compactMap {
                    Int($0)
                }
                guard let first = bounds.first, let last = bounds.last else { continue }
                found.append(Citation(file: name, first: first, last: last))
            }
        }
        for match in expression.matches(in: text, range: whole) {
            if let path = group(match, "path") {
                file = String(path.split(separator: "/").last ?? Substring(path))
                if let list = group(match, "pathRanges"), let file { append(list, file) }
            } else if let abbreviation = group(match, "abbreviation"), let name = abbreviations[abbreviation] {
                file = name
                let rest = text[Range(match.range, in: text)!.upperBound...].dropFirst()
                if let list = rest.prefixMatch(of: /\d+(?:-\d+)?(?:,\s*\d+(?:-\d+)?)*/) { append(String(list.0), name) }
            } else if let list = group(match, "lineRanges"), let file {
                append(list, file)
            }
        }
        return found
    }

    /// The abbreviations a page defines in list items `- **A**, **B** = \`[repo@commit ]dir/<name>.ext\``
    /// (an item may continue on indented lines).
    static func abbreviations(in page: String) -> [String: String] {
        var items: [String] = []
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("- ") {
                items.append(String(line))
            } else if line.hasPrefix("  "), !items.isEmpty {
                items[items.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        var result: [String: String] = [:]
        for item in items {
            guard let match = item.wholeMatch(of: /- ((?:\*\*\w+\*\*(?:, )?)+) = `([^`]+)`.*/) else { continue }
            guard let path = match.2.split(separator: " ").last else { continue }
            let file = String(path.split(separator: "/").last ?? path)
            for name in match.1.matches(of: /\*\*(\w+)\*\*/).map({ String($0.1) }) {
                result[name] = file.replacingOccurrences(of: "<name>", with: name)
            }
        }
        return result
    }

    /// Every citation on every page of Documentation/.
    static func documented() throws -> Set<Citation> {
        let folder = DocumentationExampleTests.root.appendingPathComponent("Documentation")
        var all: Set<Citation> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") {
            let page = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            all.formUnion(citations(in: page, abbreviations: abbreviations(in: page)))
        }
        return all
    }

    /// Every help text `popsim` prints: the overview and each command's.
    static func helpTexts() -> [(command: String, text: String)] {
        [("popsim --help", PopSimTool.overview())]
            + PopSimTool.commands.map { ("popsim \($0.name) --help", $0.helpText(toolName: PopSimTool.name)) }
    }

    @Test func everyRangeInHelpIsTheDocumentationsRange() throws {
        let documented = try Self.documented()
        let documentedFiles = Set(documented.map(\.file))
        var checked = 0
        for (command, text) in Self.helpTexts() {
            for citation in Self.citations(in: text) {
                checked += 1
                let pages = documented.filter { $0.file == citation.file }.map(\.description).sorted()
                let given = documented.contains(citation)
                #expect(
                    given,
                    """
                    \(command) cites \(citation), \
                    \(documentedFiles.contains(citation.file)
                        ? "which no page gives; the pages cite \(pages.joined(separator: ", "))"
                        : "a file no page of Documentation/ cites")
                    """)
            }
        }
        // The help texts cite FloatingPanel, PanModal, Popovers and LNPopupController.
        #expect(checked >= 10, "only \(checked) citations found in the help texts")
    }

    /// The parser reads the forms the help texts and pages use, and a mismatch is reported.
    @Test func theParserReadsEveryForm() {
        let help = """
            panmodal (slackhq/PanModal@b012aec PanModal/Controller/PanModalPresentationController.swift:633-667):
              a fling is |v| > 300 (:638-640); LeoNatan/LNPopupController@be3afaa,
            LNPopupController/LNPopupController/Private/LNPopupController.mm): open (l.943-944, 948-960) and
            (Core.swift:774-781, 808-824).
            """
        #expect(
            Self.citations(in: help).map(\.description) == [
                "PanModalPresentationController.swift:633-667", "PanModalPresentationController.swift:638-640",
                "LNPopupController.mm:943-944", "LNPopupController.mm:948-960", "Core.swift:774-781",
                "Core.swift:808-824",
            ])
        let page = """
            - **Core**, **Layout** =
              `scenee/FloatingPanel@7efcc76 Sources/<name>.swift`
            - **PMC** = `slackhq/PanModal@b012aec PanModal/Controller/PanModalPresentationController.swift`

            The `default:` branch (PMC:502-547), the projection (Core:1064-1068, Layout:832-857).
            """
        let abbreviations = Self.abbreviations(in: page)
        #expect(abbreviations["Layout"] == "Layout.swift")
        let cited = Self.citations(in: page, abbreviations: abbreviations).map(\.description)
        #expect(
            cited == [
                "PanModalPresentationController.swift:502-547", "Core.swift:1064-1068", "Layout.swift:832-857",
            ])
        #expect(!Set(Self.citations(in: page, abbreviations: abbreviations)).isSuperset(of: Self.citations(in: help)))
    }
}
