extension MotionProfile {
    /// The profiles a gesture can be asked for by name (`--profile`); a custom profile has none.
    public enum Name: String, CaseIterable, Sendable, Hashable {
        case linear
        case minimumJerk = "min-jerk"
        case easeInOut = "ease-in-out"
        /// A release drawn from ``HumanReleaseModel/corpus``, fitted to recorded flings: a release
        /// while moving (swipes and pipeline gestures), not a profile of a whole movement.
        case human

        /// The profile of the movement: for `human`, the minimum-jerk movement that comes before a
        /// drawn release.
        public var profile: MotionProfile {
            switch self {
            case .linear: return .linear
            case .minimumJerk, .human: return .minimumJerk
            case .easeInOut: return .easeInOut
            }
        }

        /// The release model `human` draws from, nil for the others.
        public var humanRelease: HumanReleaseModel? { self == .human ? .corpus : nil }
    }
}
