import Foundation
import PopSimGestures

/// The recorded touch streams under Tests/Fixtures/touch-recordings: Flutter's
/// `velocity_tracker_data.dart` (BSD-3-Clause) as CSV; the folder's README.md says how.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/touch-recordings")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func stream(_ name: String) throws -> TouchStream {
        try TouchStreamReader.read(path: path(name))
    }
}

/// |actual − expected| ≤ tolerance·|expected| (or ≤ tolerance when expected is 0).
func isClose(_ actual: Double, _ expected: Double, relative tolerance: Double) -> Bool {
    abs(actual - expected) <= tolerance * max(abs(expected), expected == 0 ? 1 : 0)
}
