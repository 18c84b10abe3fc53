import Foundation
import PopSimCommands
import PopSimParameters
import Testing

/// Every flag a help text or a message names is one a command has: a flag renamed or dropped in one
/// place and still written in prose elsewhere fails here, not in front of a user.
@Suite("Flags named in help and messages")
struct HelpFlagTests {
    /// The flags of every `popsim` command, by command.
    static let flagsByCommand: [String: Set<String>] = Dictionary(
        uniqueKeysWithValues: PopSimTool.commands.map { ($0.name, Set($0.parameters.map(\.flag) + ["--help"])) })

    /// Every command's flags and the tool's own (`popsim --version`).
    static var allFlags: Set<String> { flagsByCommand.values.reduce(into: ["--version"]) { $0.formUnion($1) } }

    /// Flags of other programs the prose names (Slurm's job arrays).
    static let otherPrograms: Set<String> = ["--array"]

    /// Where a command's help names another command's flag, and which command has it.
    static let crossReferences: [String: [String: String]] = [
        "synth swipe": ["--estimator": "velocity"],
        "synth release": ["--pipeline": "sweep popover", "--replay": "sweep popover"],
        "decide popover": ["--pipeline": "sweep popover"],
        "simulate popover": [
            "--from": "synth swipe", "--to": "synth swipe", "--release-velocity": "synth swipe",
            "--pipeline": "sweep popover",
        ],
        "simulate popup": ["--to": "synth swipe", "--release-velocity": "synth swipe"],
        "simulate sheet": ["--to": "synth swipe", "--release-velocity": "synth swipe"],
        "check": ["--golden": "sweep popover", "--output": "sweep popover", "--shard": "sweep popover"],
        "fit spring": ["--preset": "spring"],
        "fit prediction": [
            "--prediction-time": "decide popover", "--previous-sample-weight": "decide popover",
        ],
        "devices": ["--device": "decide popover", "--synth": "simulate popover"],
    ]

    static func flags(in text: String) -> Set<String> {
        let pattern = /--[a-z][a-z0-9-]+/
        return Set(text.matches(of: pattern).map { String($0.output) })
    }

    @Test(arguments: PopSimTool.commands.map(\.name))
    func helpNamesOnlyFlagsItsCommandHas(command name: String) throws {
        let command = try #require(PopSimTool.commands.first { $0.name == name })
        let own = Self.flagsByCommand[name] ?? []
        let references = Self.crossReferences[name] ?? [:]
        for flag in Self.flags(in: command.helpText(toolName: "popsim")).sorted()
        where !own.contains(flag) && !Self.otherPrograms.contains(flag) {
            let other = try #require(references[flag], "'\(name) --help' names \(flag), which it does not have")
            #expect(Self.flagsByCommand[other]?.contains(flag) == true, "\(flag) is not a flag of '\(other)'")
        }
    }

    /// Every flag a string literal in the sources names (a message template, a help line) is a flag of
    /// some command (the bench runner's own flags left to its tests).
    @Test func messagesNameOnlyFlagsThatExist() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let literal = /"[^"\n]*"/
        var checked = 0
        for case let url as URL in files where url.pathExtension == "swift" && !url.path.contains("/FrameBench") {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: literal) {
                for flag in Self.flags(in: String(match.output)) where !Self.otherPrograms.contains(flag) {
                    checked += 1
                    let exists = Self.allFlags.contains(flag)
                    #expect(exists, "\(url.lastPathComponent) names \(flag), which no command has")
                }
            }
        }
        #expect(checked > 0)
    }
}
