import PopSimParameters
import Testing

@Suite("Shell words")
struct ShellWordsTests {
    static let cases: [(String, [String])] = [
        ("swipe --from 10,20 --to 10,400", ["swipe", "--from", "10,20", "--to", "10,400"]),
        ("  a   b  ", ["a", "b"]),
        ("'a b' \"c \\\"d\\\"\" e\\ f", ["a b", "c \"d\"", "e f"]),
        ("''", [""]),
        ("x'y'z", ["xyz"]),
    ]

    @Test(arguments: cases)
    func split(line: String, words: [String]) throws {
        #expect(try ShellWords.split(line) == words)
    }

    @Test func joinRoundTrips() throws {
        let words = ["sweep", "popover", "--translation", "0,0:400:81", "it's here", ""]
        #expect(try ShellWords.split(ShellWords.join(words)) == words)
        #expect(ShellWords.join(["--velocity", "0,-2000:2000:81"]) == "--velocity 0,-2000:2000:81")
    }

    @Test func unterminatedQuotesAreErrors() {
        #expect(throws: ParameterError.self) { _ = try ShellWords.split("a 'b") }
        #expect(throws: ParameterError.self) { _ = try ShellWords.split("a \"b") }
    }

    /// Fuzz/FailCases/arguments/shell-quoting-combining-mark: a word starting with a combining mark
    /// fused with the opening quote into one character, so the quote was not seen when splitting.
    @Test(arguments: ["\u{06DB}sds2", "\u{0301}", "a\r\nb", "\u{1F1FA}\u{1F1F8}'x", "e\u{0301}'"])
    func wordsRoundTripByScalar(word: String) throws {
        #expect(try ShellWords.split(ShellWords.join([word, "next"])) == [word, "next"])
    }

    @Test func replayedFailCase() throws {
        let words = ["\u{06DB}sds2\u{FFFD}\u{FFFD}\u{0B}dc\rlE"]
        #expect(try ShellWords.split(ShellWords.join(words)) == words)
    }
}

@Suite("Number ranges and formats")
struct NumberRangeTests {
    @Test func rangeNotation() {
        #expect(NumberRange.above(0, through: 1e5).description == "(0, 1e5]")
        #expect(NumberRange.closed(-1e9, 1e9).description == "[-1e9, 1e9]")
        #expect(NumberRange.from(0, below: 1).description == "[0, 1)")
        #expect(NumberRange.closed(1e-6, 852).description == "[1e-6, 852]")
        #expect(NumberRange.closed(0.25, 0.5).description == "[0.25, 0.5]")
        #expect(!NumberRange.closed(0, 1).contains(.nan))
        #expect(!NumberRange.from(0, below: 1).contains(1))
        #expect(NumberRange.above(-1, through: 1).contains(1) && !NumberRange.above(-1, through: 1).contains(-1))
    }
}
