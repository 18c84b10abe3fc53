extension MotionProfile {
    /// The profiles a gesture can be asked for by name (`--profile`); a custom profile has none.
    public enum Name: String, CaseIterable, Sendable, Hashable {
        case linear
        case minimumJerk = "min-jerk"
        case easeInOut = "ease-in-out"

        public var profile: MotionProfile {
            switch self {
            case .linear: return .linear
            case .minimumJerk: return .minimumJerk
            case .easeInOut: return .easeInOut
            }
        }
    }
}
