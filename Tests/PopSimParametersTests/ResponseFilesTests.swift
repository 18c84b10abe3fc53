import PopSimParameters
import Testing

/// `@FILE` expansion on files held in memory: one flag and its value per line, comments, nesting relative
/// to the including file, and the bounds.
@Suite("Response files")
struct ResponseFilesTests {
    static func reader(_ files: [String: [String]]) -> (String) throws -> [String] {
        { path in
            guard let lines = files[path] else { throw ParameterError("no file \(path)") }
            return lines
        }
    }

    @Test(arguments: [
        ("--library floatingpanel", ["--library", "floatingpanel"]),
        ("   --detents \t full=80,half=426  ", ["--detents", "full=80,half=426"]),
        ("--project-momentum", ["--project-momentum"]),
        // The value is the rest of the line: its spaces are kept, nothing is split or evaluated.
        ("--synth swipe --from 0,0 --to 0,300 $HOME 'x'", ["--synth", "swipe --from 0,0 --to 0,300 $HOME 'x'"]),
        ("--velocity 0,-300\r", ["--velocity", "0,-300"]),
        ("# a comment --library panmodal", []),
        ("   # indented comment", []),
        ("", []),
        (" \t ", []),
    ])
    func wordsOfALine(line: String, expected: [String]) {
        #expect(ResponseFiles.words(ofLine: line) == expected)
    }

    /// Words before, between and after the files keep their places; a nested file is found beside the
    /// file that names it.
    @Test func expandsInPlaceAndNests() throws {
        let read = Self.reader([
            "config/panel.rsp": ["# my panel", "--library floatingpanel", "@knobs.rsp", "--from half"],
            "config/knobs.rsp": ["--removal"],
            "/abs/other.rsp": ["--velocity 0,-300"],
        ])
        let words = try ResponseFiles.expand(
            ["decide", "sheet", "@config/panel.rsp", "--translation", "0,-60", "@/abs/other.rsp"], readLines: read)
        #expect(
            words == [
                "decide", "sheet", "--library", "floatingpanel", "--removal", "--from", "half", "--translation",
                "0,-60",
                "--velocity", "0,-300",
            ])
        #expect(try ResponseFiles.expand(["decide", "sheet"], readLines: read) == ["decide", "sheet"])
    }

    /// A file that leads back to itself, nesting deeper than the limit and a bare `@` are refused, naming
    /// the file and line.
    @Test func refusals() {
        let cycle = Self.reader(["a": ["@b"], "b": ["--removal", "@a"]])
        #expect {
            try ResponseFiles.expand(["@a"], readLines: cycle)
        } throws: {
            "\($0)" == "@b line 2: response file @a includes itself; remove the @ line that leads back to it"
        }
        var chain: [String: [String]] = [:]
        for depth in 0...ResponseFiles.maximumDepth { chain["f\(depth)"] = ["@f\(depth + 1)"] }
        chain["f\(ResponseFiles.maximumDepth + 1)"] = []
        #expect {
            try ResponseFiles.expand(["@f0"], readLines: Self.reader(chain))
        } throws: {
            "\($0)".contains("nested more than \(ResponseFiles.maximumDepth) files deep")
        }
        #expect(throws: ParameterError.self) { try ResponseFiles.expand(["@"], readLines: Self.reader([:])) }
        let huge = Self.reader(["big": Array(repeating: "--removal", count: ResponseFiles.maximumWords + 1)])
        #expect(throws: ParameterError.self) { try ResponseFiles.expand(["@big"], readLines: huge) }
    }
}
