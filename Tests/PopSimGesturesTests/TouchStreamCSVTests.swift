import Foundation
import PopSimGeometry
import PopSimGestures
import Testing

@Suite struct TouchStreamCSVTests {
    /// Each malformed input, the line and column the reader must point at, and the reason.
    struct Malformed: CustomStringConvertible, Sendable {
        let name: String
        let csv: String
        let line: Int?
        let column: Int?
        let reason: TouchStreamError.Reason
        var description: String { name }
    }

    static let header = "time,phase,x,y,touch\n"

    static let malformed: [Malformed] = [
        Malformed(name: "empty input", csv: "", line: nil, column: nil, reason: .empty),
        Malformed(
            name: "wrong header", csv: "t,phase,x,y\n0,began,1,2\n", line: 1, column: 1,
            reason: .header(found: "t,phase,x,y")),
        Malformed(
            name: "columns in another order", csv: "time,x,y,phase\n", line: 1, column: 1,
            reason: .header(found: "time,x,y,phase")),
        Malformed(
            name: "missing field", csv: header + "0,began,1,2,0\n0.1,moved,3,0\n", line: 3, column: 1,
            reason: .fieldCount(expected: 5, found: 4)),
        Malformed(
            name: "non-numeric time", csv: header + "0,began,1,2,0\nsoon,moved,3,4,0\n", line: 3, column: 1,
            reason: .notANumber(field: "time", text: "soon")),
        // Column of the x field: "0.1,moved," is 10 characters, so x starts at column 11.
        Malformed(
            name: "non-numeric x", csv: header + "0,began,1,2,0\n0.1,moved,3pt,4,0\n", line: 3, column: 11,
            reason: .notANumber(field: "x", text: "3pt")),
        Malformed(
            name: "NaN y", csv: header + "0,began,1,nan,0\n", line: 2, column: 11,
            reason: .notFinite(field: "y", text: "nan")),
        Malformed(
            name: "infinite time", csv: header + "inf,began,1,2,0\n", line: 2, column: 1,
            reason: .notFinite(field: "time", text: "inf")),
        Malformed(
            name: "overflowing x", csv: header + "0,began,1e999,2,0\n", line: 2, column: 9,
            reason: .notFinite(field: "x", text: "1e999")),
        Malformed(
            name: "fractional touch id", csv: header + "0,began,1,2,0.5\n", line: 2, column: 13,
            reason: .notATouchID(text: "0.5")),
        Malformed(
            name: "unknown phase", csv: header + "0,began,1,2,0\n0.1,dragged,3,4,0\n", line: 3, column: 5,
            reason: .unknownPhase("dragged")),
        Malformed(
            name: "time going backwards", csv: header + "0,began,1,2,0\n0.2,moved,3,4,0\n0.1,moved,5,6,0\n", line: 4,
            column: 1,
            reason: .timeWentBackwards(touch: 0, previous: 0.2, time: 0.1)),
        Malformed(
            name: "moved before began", csv: header + "0,moved,1,2,0\n", line: 2, column: 3,
            reason: .notBegan(touch: 0, phase: .moved)),
        Malformed(
            name: "moved of another touch before its began", csv: header + "0,began,1,2,0\n0.1,moved,3,4,1\n", line: 3,
            column: 5,
            reason: .notBegan(touch: 1, phase: .moved)),
        Malformed(
            name: "sample after ended", csv: header + "0,began,1,2,0\n0.1,ended,1,2,0\n0.2,moved,3,4,0\n", line: 4,
            column: 5,
            reason: .afterEnd(touch: 0, phase: .moved)),
        Malformed(
            name: "ended twice", csv: header + "0,began,1,2,0\n0.1,ended,1,2,0\n0.2,ended,1,2,0\n", line: 4, column: 5,
            reason: .afterEnd(touch: 0, phase: .ended)),
        Malformed(
            name: "began while down", csv: header + "0,began,1,2,0\n0.1,began,1,2,0\n", line: 3, column: 5,
            reason: .beganTwice(touch: 0)),
        Malformed(
            name: "touch column omitted in header but present in rows", csv: "time,phase,x,y\n0,began,1,2,0\n", line: 2,
            column: 1,
            reason: .fieldCount(expected: 4, found: 5)),
    ]

    @Test(arguments: malformed)
    func rejectsWithLineAndColumn(_ example: Malformed) {
        #expect {
            _ = try TouchStream(csv: example.csv, source: "example.csv")
        } throws: { error in
            guard let error = error as? TouchStreamError else { return false }
            return error.line == example.line && error.column == example.column && error.reason == example.reason
                && error.description.hasPrefix("example.csv")
        }
    }

    /// The file reader streams through the same parser and reports the same location.
    @Test func fileReaderReportsTheSameLocation() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("popsim-csv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.csv")
        try (Self.header + "0,began,1,2,0\n0.1,moved,3,4,0\n0.05,moved,3,4,0\n").write(
            to: file, atomically: true, encoding: .utf8)
        let reader = try TouchStreamReader(path: file.path)
        #expect(try reader.next()?.phase == .began)
        #expect(try reader.next()?.phase == .moved)
        #expect {
            _ = try reader.next()
        } throws: { error in
            (error as? TouchStreamError)?.line == 4 && (error as? TouchStreamError)?.column == 1
        }
    }

    @Test func aMissingFileIsUnreadable() {
        #expect {
            _ = try TouchStreamReader(path: "/nonexistent/popsim/stream.csv")
        } throws: { error in
            guard case .unreadable = (error as? TouchStreamError)?.reason else { return false }
            return (error as? TouchStreamError)?.line == nil
        }
    }

    /// A stream may use 1024 distinct touch ids; the 1025th id is refused on its `began` line
    /// (header on line 1, two lines per touch, so touch 1024's began is line 2 + 2·1024).
    @Test func distinctTouchIDsAreBounded() throws {
        func csv(touches: Int) -> String {
            "time,phase,x,y,touch\n" + (0..<touches).map { "\($0),began,0,0,\($0)\n\($0),ended,0,0,\($0)\n" }.joined()
        }
        #expect(try TouchStream(csv: csv(touches: 1024)).samples.count == 2048)
        do {
            _ = try TouchStream(csv: csv(touches: 1025), source: "many.csv")
            Issue.record("accepted 1025 distinct touch ids")
        } catch {
            #expect(error.line == 2 + 2 * 1024)
            #expect(
                error.message
                    == "touch 1024 is the stream's 1025th distinct touch id; "
                    + "a stream may use at most 1024 (reuse the id of a finger that has lifted)"
            )
        }
    }

    @Test func touchColumnMayBeOmitted() throws {
        let stream = try TouchStream(csv: "time,phase,x,y\n0,began,1,2\n0.5,ended,3,4\n")
        #expect(
            stream.samples == [
                TouchSample(time: 0, phase: .began, location: Point(x: 1, y: 2), touch: 0),
                TouchSample(time: 0.5, phase: .ended, location: Point(x: 3, y: 4), touch: 0),
            ])
    }

    /// CRLF line ends, a byte-order mark, spaces around fields and blank lines are tolerated.
    @Test func toleratesCommonSpreadsheetExports() throws {
        let stream = try TouchStream(
            csv: "\u{FEFF}time, phase, x, y, touch\r\n0, began, 1, 2, 3\r\n\r\n0.5, ended, 1, 2, 3\r\n")
        #expect(stream.count == 2)
        #expect(stream[0].touch == 3)
        #expect(stream[1].phase == .ended)
    }

    /// A finger may tap twice with the same id (began after ended), and touches may interleave.
    @Test func acceptsReusedIdsAndInterleavedTouches() throws {
        let csv =
            Self.header + """
                0,began,1,1,0
                0.01,began,5,5,1
                0.02,moved,2,1,0
                0.02,moved,6,5,1
                0.03,ended,2,1,0
                0.04,ended,6,5,1
                0.05,began,1,1,0
                0.06,cancelled,1,1,0

                """
        let stream = try TouchStream(csv: csv)
        #expect(stream.count == 8)
        #expect(stream.strokes.count == 3)
        try stream.validate()
    }

    /// Writing then reading gives back exactly the same doubles (shortest round-trip form).
    @Test func roundTripsExactly() throws {
        let samples = [
            TouchSample(time: 0, phase: .began, location: Point(x: 0.1 + 0.2, y: -1e-300), touch: 2),
            TouchSample(time: 1.0 / 3.0, phase: .moved, location: Point(x: 123456.789, y: .pi), touch: 2),
            TouchSample(time: 0.5, phase: .stationary, location: Point(x: 123456.789, y: .pi), touch: 2),
            TouchSample(
                time: 0.75, phase: .ended, location: Point(x: Double.leastNonzeroMagnitude, y: 1e300), touch: 2),
        ]
        let stream = TouchStream(samples)
        #expect(try TouchStream(csv: stream.csv) == stream)
        #expect(stream.csv.hasPrefix("time,phase,x,y,touch\n0.0,began,0.30000000000000004,"))
    }

    /// Flutter's recordings parse with the right counts (README of the fixtures: 306 events in 13
    /// strokes; 12 events in 1 stroke).
    @Test func readsTheRecordedFixtures() throws {
        let recording = try Fixtures.stream("flutter-velocity-recording.csv")
        #expect(recording.count == 306)
        #expect(recording.strokes.count == 13)
        #expect(recording.touchIDs == Array(1...13))
        let interrupted = try Fixtures.stream("flutter-interrupted-recording.csv")
        #expect(interrupted.count == 12)
        #expect(interrupted.strokes.count == 1)
    }

    /// In-memory validation uses the line a sample would have in CSV form.
    @Test func validateLocatesTheSample() {
        let stream = TouchStream([
            TouchSample(time: 0, phase: .began, location: .zero),
            TouchSample(time: 1, phase: .ended, location: .zero),
            TouchSample(time: 2, phase: .moved, location: .zero),
        ])
        #expect {
            try stream.validate()
        } throws: { error in
            (error as? TouchStreamError)?.line == 4
                && (error as? TouchStreamError)?.reason == .afterEnd(touch: 0, phase: .moved)
        }
    }
}
