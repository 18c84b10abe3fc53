import Foundation
import Testing

@testable import PopSimTextIO

@Suite("Numeric column reader")
struct NumericColumnReaderTests {
    func file(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("columns-\(UUID().uuidString).csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func rows(_ text: String, _ columns: [String]) throws -> [[Double]] {
        let reader = try NumericColumnReader(path: try file(text), columns: columns)
        var rows: [[Double]] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    /// Columns by name in the order asked, others ignored (even when not numbers), comments, blank lines,
    /// a byte order mark, spaces and CRLF endings accepted.
    @Test func readsNamedColumns() throws {
        let text =
            "\u{FEFF}# recorded on a device\r\nlabel, position ,time\r\n\r\na,1.5,0\r\n"
            + "  # a comment\r\nb, -2e1 ,0.25\r\n"
        #expect(try rows(text, ["time", "position"]) == [[0, 1.5], [0.25, -20]])
    }

    @Test(arguments: [
        ("time,position\n0,1\n", ["time", "velocity"], "1: the header 'time,position' has no column 'velocity'"),
        ("time,position\n0,1,2\n", ["time"], ":2:1: 3 fields, the header has 2"),
        ("time,position\n0,abc\n", ["time", "position"], ":2:3: column 'position' is 'abc', not a number"),
        (
            "time,position\n0,nan\n", ["time", "position"],
            ":2:3: column 'position' is 'nan': it must be a finite number"
        ),
        ("# only a comment\n", ["time"], "no header line"),
        // A column name from a flag (fit --weights) is quoted once, cut at 64 bytes, escaped.
        (
            "time,position\n0,1\n", ["time", "position", String(repeating: "w", count: 300) + "\u{1B}"],
            "has no column '" + String(repeating: "w", count: 64) + "…'; the other columns needed are time,position"
        ),
    ])
    func rejectsWithLocation(text: String, columns: [String], message: String) throws {
        let path = try file(text)
        do {
            let reader = try NumericColumnReader(path: path, columns: columns)
            while try reader.next() != nil {}
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.contains(message), "\(error)")
            #expect(error.description.utf8.count < path.utf8.count + 300 && !error.description.contains("\u{1B}"))
            #expect(error.description.hasPrefix(path))
        }
    }

    /// A line longer than the limit (here 2 MiB without a newline) is an error at its line, not an
    /// ever-growing buffer.
    @Test func boundsLineLength() throws {
        let path = try file("time,position\n" + String(repeating: "1", count: 2 << 20) + "\n0,1\n")
        let reader = try NumericColumnReader(path: path, columns: ["time"])
        do {
            _ = try reader.next()
            Issue.record("a 2 MiB line was read")
        } catch {
            #expect(error.line == 2, "\(error)")
        }
    }
}
