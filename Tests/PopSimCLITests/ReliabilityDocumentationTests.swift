import Foundation
import PopSimCommands
import PopSimParameters
import Testing

/// Documentation/reliability.md states every numeric flag's valid range; this keeps it true. The
/// table is one row per flag and range, naming the commands that share it, generated here from the
/// commands' own specs and compared with the page.
@Suite("Reliability documentation")
struct ReliabilityDocumentationTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Documentation/reliability.md")

    /// The rows of the range table, in the order flags first appear in `popsim --help`'s commands.
    static var rangeTable: String {
        var rows: [(flag: String, range: String, commands: [String])] = []
        for command in PopSimTool.commands {
            for parameter in command.parameters where isDocumented(parameter.syntax) {
                let forms = command.forms.applying(to: parameter.name)
                guard
                    let range = parameter.syntax.rangeDescription(
                        forms: parameter.isCategorical && forms.categoryLists ? .plain : forms)
                else { continue }
                let label = "`\(parameter.flag) \(parameter.placeholder)`"
                let name = command.name
                if let index = rows.firstIndex(where: { $0.flag == label && $0.range == range }) {
                    rows[index].commands.append(name)
                } else {
                    rows.append((label, range, [name]))
                }
            }
        }
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        let lines = rows.map { "| \(cell($0.flag)) | \(cell($0.range)) | \($0.commands.joined(separator: ", ")) |" }
        return (["| Flag | Valid values | Commands |", "|---|---|---|"] + lines).joined(separator: "\n")
    }

    /// Numbers, lists of numbers and whole numbers: the values with a range.
    static func isDocumented(_ syntax: ValueSyntax) -> Bool {
        switch syntax {
        case .numbers, .integer, .seed: return true
        case let .list(item, _, _): return item.isNumeric
        default: return false
        }
    }

    @Test func everyNumericFlagIsDocumentedWithItsRange() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        #expect(
            text.contains(Self.rangeTable), "regenerate the table in Documentation/reliability.md:\n\(Self.rangeTable)")
    }
}
