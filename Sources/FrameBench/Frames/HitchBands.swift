/// Apple's grading of a hitch time ratio (ms of hitch per s of animation), lowest band first.
public struct HitchBands: Sendable, Equatable {
    public struct Band: Sendable, Equatable {
        /// Inclusive upper bound in ms/s; `.infinity` for the last band.
        public let upTo: Double
        public let grade: String
    }

    public let name: String
    public let bands: [Band]

    /// Xcode Organizer's current "Hitches" metric for all animations: good ≤ 10 ms/s, warning ≤ 25,
    /// critical ≤ 50, above 50 "needs immediate attention" (developer.apple.com/documentation/xcode/
    /// understanding-hitches-in-your-app; Documentation/benchmarking.md §3).
    public static let xcodeOrganizer = HitchBands(
        name: "Xcode Organizer hitches (good ≤ 10, warning ≤ 25, critical ≤ 50, immediate attention > 50 ms/s)",
        bands: [
            Band(upTo: 10, grade: "good"),
            Band(upTo: 25, grade: "warning"),
            Band(upTo: 50, grade: "critical"),
            Band(upTo: .infinity, grade: "immediate attention"),
        ])

    /// WWDC20-10077 / Organizer scroll hitch rate: good < 5 ms/s, warning 5–10, critical > 10.
    /// (The lower bands are exclusive here; 5 is graded warning.)
    public static let wwdc20Scroll = HitchBands(
        name: "WWDC20 scroll hitch rate (good < 5, warning ≤ 10 ms/s)",
        bands: [
            Band(upTo: 5.nextDown, grade: "good"),
            Band(upTo: 10, grade: "warning"),
            Band(upTo: .infinity, grade: "critical"),
        ])

    public func grade(_ ratio: Double) -> String {
        bands.first { ratio <= $0.upTo }?.grade ?? bands[bands.count - 1].grade
    }
}
