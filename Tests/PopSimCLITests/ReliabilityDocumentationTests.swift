import Foundation
import PopSimCommands
import PopSimParameters
import Testing

/// Documentation/reliability.md states every flag's valid values; this keeps it true. The table is one
/// row per flag and range, naming the commands that share it, generated here from the commands' own
/// parameter descriptions (numbers, whole numbers, lists, choices, and the grammars of text values) and
/// compared with the page: a range changed in the code and not on the page, or the reverse, fails.
@Suite("Reliability documentation")
struct ReliabilityDocumentationTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Documentation/reliability.md")

    /// The rows of the range table, in the order flags first appear in `popsim --help`'s commands.
    static var rangeTable: String {
        var rows: [(flag: String, range: String, commands: [String])] = []
        for command in PopSimTool.commands {
            for parameter in command.parameters where !parameter.isSwitch {
                guard let range = parameter.rangeDescription(forms: command.forms) else { continue }
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

    @Test func everyFlagIsDocumentedWithItsValidValues() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        #expect(
            text.contains(Self.rangeTable), "regenerate the table in Documentation/reliability.md:\n\(Self.rangeTable)")
    }

    /// Every flag that takes a value says which values, so none is missing from the table.
    @Test func everyFlagWithAValueDeclaresItsValidValues() {
        for command in PopSimTool.commands {
            for parameter in command.parameters where !parameter.isSwitch {
                #expect(parameter.rangeDescription() != nil, "\(command.name) \(parameter.flag)")
            }
        }
    }
}
