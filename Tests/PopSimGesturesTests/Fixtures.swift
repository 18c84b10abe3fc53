import Foundation
import PopSimGestures

/// The recorded touch streams under Tests/Fixtures/touch-recordings: Flutter's
/// `velocity_tracker_data.dart` (BSD-3-Clause) and AOSP's `VelocityTracker_test.cpp` recordings
/// (Apache-2.0) as CSV; the folder's README.md says how they were converted.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/touch-recordings")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func stream(_ name: String) throws -> TouchStream {
        try TouchStreamReader.read(path: path(name))
    }
}

/// One recorded fling of the corpus: where it is stored and where it came from.
struct RecordedFling: Sendable, CustomStringConvertible {
    /// The CSV file under Tests/Fixtures/touch-recordings.
    let file: String
    let touch: Int
    /// The device it was recorded on, as the README names it.
    let device: String
    /// The stroke's samples, `began` to `ended`.
    let stroke: TouchStream

    var description: String { "\(file) touch \(touch)" }
}

/// The corpus of 32 recorded flings (Tests/Fixtures/touch-recordings/README.md, Documentation/gestures.md
/// §8): AOSP's 19 single-pointer device recordings (Swordfish, then the 18 Sailfish ones in test order)
/// and Flutter's 13 strokes, each split from its file with ``TouchStream/strokes``.
enum RecordedFlings {
    static let files: [(name: String, device: String)] = [
        ("aosp-swordfish-fling.csv", "Swordfish"),
        ("aosp-sailfish-flings.csv", "Sailfish (Pixel)"),
        ("flutter-velocity-recording.csv", "Flutter recording"),
    ]

    /// Every fling, in the order of `files` and, within a file, of touch-down.
    static func load() throws -> [RecordedFling] {
        var flings: [RecordedFling] = []
        for (name, device) in files {
            let stream = try Fixtures.stream(name)
            for stroke in stream.strokes {
                flings.append(
                    RecordedFling(
                        file: name, touch: stroke[0].touch, device: device,
                        stroke: TouchStream(stroke)))
            }
        }
        return flings
    }
}

/// |actual − expected| ≤ tolerance·|expected| (or ≤ tolerance when expected is 0).
func isClose(_ actual: Double, _ expected: Double, relative tolerance: Double) -> Bool {
    abs(actual - expected) <= tolerance * max(abs(expected), expected == 0 ? 1 : 0)
}
