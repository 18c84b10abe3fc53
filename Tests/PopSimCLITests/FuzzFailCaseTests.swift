import Foundation
import PopSimGestures
import PopSimParameters
import PopSimPlatform
import PopSimTextIO
import Testing

@testable import PopSimCommands
@testable import PopSimSweeps

/// Every input a fuzz target ever failed on (Fuzz/FailCases/TARGET/), replayed through the same code
/// with the target's own checks, so a fixed crash stays fixed in every `swift test`, not only when the
/// fuzzers run. Scripts/fuzz.sh replays them through the fuzz targets themselves as well.
@Suite("Fuzz fail cases")
struct FuzzFailCaseTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/FailCases")

    static func cases(_ target: String) -> [String] {
        let directory = root.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0).path }
    }

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func failCasesAreKept() {
        #expect(!Self.cases("arguments").isEmpty)
    }

    /// FuzzArguments: first byte picks the command, NUL-separated words follow.
    @Test(arguments: cases("arguments"))
    func arguments(path: String) throws {
        let data = try Self.bytes(path)
        guard let first = data.first else { return }
        let command = PopSimTool.commands[Int(first) % PopSimTool.commands.count]
        let words = data.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(try ShellWords.split(ShellWords.join(words)) == words)
        do {
            _ = try ParameterWords.decode(
                words, parameters: command.parameters, positionals: command.positionals,
                forms: command.forms, command: command.name)
        } catch {
            #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
    }

    /// FuzzTouchStream: an accepted stream reads back from its own CSV.
    @Test(arguments: cases("touch-stream"))
    func touchStream(path: String) throws {
        let text = String(decoding: try Self.bytes(path), as: UTF8.self)
        guard let stream = try? TouchStream(csv: text, source: "fail case") else { return }
        #expect(try TouchStream(csv: stream.csv) == stream)
    }

    /// FuzzLineReader: two bytes set the line limit and buffer, the rest is the file.
    @Test(arguments: cases("line-reader"))
    func lineReader(path: String) throws {
        let data = try Self.bytes(path)
        guard data.count >= 2 else { return }
        let file = try ScratchFile.file(Data(data.dropFirst(2)))
        guard case let .success(descriptor) = Platform.open(file, .readOnly) else {
            Issue.record("cannot open \(file)")
            return
        }
        let reader = LineReader(
            descriptor: descriptor, name: file, lineLimit: Int(data[0] % 64) + 1,
            bufferSize: Int(data[1] % 32) + 1)
        do {
            while try reader.nextLine() != nil {}
        } catch {
            #expect(error.line != nil)
        }
    }

    /// FuzzGoldenTable: an accepted table equals itself, and its command parses or is malformed.
    @Test(arguments: cases("golden-table"))
    func goldenTable(path: String) throws {
        let text = String(decoding: try Self.bytes(path), as: UTF8.self)
        guard let golden = try? GoldenDecisionTable(text: text, source: "fail case") else { return }
        #expect(golden.comparison(with: golden).isUnchanged)
        do { _ = try GoldenCheck.recordedWords(golden.header) } catch { #expect(error.isMalformed) }
    }
}

/// Scratch files for replays.
enum ScratchFile {
    static func file(_ data: Data) throws -> String {
        let url = try PopSimProcess.temporaryDirectory().appendingPathComponent("input")
        try data.write(to: url)
        return url.path
    }
}
