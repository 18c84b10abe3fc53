/// Named springs users meet on each platform, with the source of every constant.
public enum SpringPreset: String, Sendable, CaseIterable {
    /// SwiftUI `Spring.smooth`: duration 0.5, bounce 0 (Apple docs).
    case smooth
    /// SwiftUI `Spring.snappy`: duration 0.5, bounce 0.15 (Apple docs).
    case snappy
    /// SwiftUI `Spring.bouncy`: duration 0.5, bounce 0.3 (Apple docs).
    case bouncy
    /// SwiftUI `Animation.spring()` with default arguments: response 0.55, damping fraction 0.825
    /// (iOS 13–16 SDK interface; Documentation/popovers.md §5). Apple's current docs print response 0.5.
    case swiftUISpring = "swiftui-spring"
    /// `CASpringAnimation` defaults: mass 1, stiffness 100, damping 10 (ζ 0.5).
    case coreAnimationDefault = "core-animation"
    /// Flutter's scroll spring: mass 0.5, stiffness 100, ζ 1.1 (widgets/scroll_physics.dart).
    case flutterScroll = "flutter-scroll"
    /// Android `SpringForce` defaults: stiffness MEDIUM 1500, damping ratio MEDIUM_BOUNCY 0.5, mass 1.
    case androidDefault = "android-default"
    /// Android `SpringForce.STIFFNESS_HIGH` (10000) with `DAMPING_RATIO_NO_BOUNCY` (1).
    case androidHighNoBouncy = "android-high-no-bouncy"
    /// Android `STIFFNESS_LOW` (200) with `DAMPING_RATIO_LOW_BOUNCY` (0.75).
    case androidLowLowBouncy = "android-low-low-bouncy"
    /// Android `STIFFNESS_VERY_LOW` (50) with `DAMPING_RATIO_HIGH_BOUNCY` (0.2).
    case androidVeryLowHighBouncy = "android-very-low-high-bouncy"
    /// Popovers' Menu template present spring: response 0.3, damping fraction 0.7 (Documentation/popovers.md §5,
    /// Menu.swift:17).
    case popoversMenuPresent = "popovers-menu-present"
    /// Popovers' Menu template dismiss spring: response 0.4, damping fraction 0.9 (Documentation/popovers.md §5,
    /// Menu.swift:18).
    case popoversMenuDismiss = "popovers-menu-dismiss"

    public var spring: Spring {
        switch self {
        case .smooth: return Self.durationBounce(0.5, 0)
        case .snappy: return Self.durationBounce(0.5, 0.15)
        case .bouncy: return Self.durationBounce(0.5, 0.3)
        case .swiftUISpring: return Self.responseRatio(0.55, 0.825)
        case .coreAnimationDefault: return Spring(uncheckedMass: 1, stiffness: 100, damping: 10)
        case .flutterScroll: return Self.android(stiffness: 100, dampingRatio: 1.1, mass: 0.5)
        case .androidDefault: return Self.android(.medium, .mediumBouncy)
        case .androidHighNoBouncy: return Self.android(.high, .noBouncy)
        case .androidLowLowBouncy: return Self.android(.low, .lowBouncy)
        case .androidVeryLowHighBouncy: return Self.android(.veryLow, .highBouncy)
        case .popoversMenuPresent: return Self.responseRatio(0.3, 0.7)
        case .popoversMenuDismiss: return Self.responseRatio(0.4, 0.9)
        }
    }

    // The constants above are in range, so these cannot fail.
    private static func durationBounce(_ d: Double, _ b: Double) -> Spring {
        try! Spring(duration: d, bounce: b)
    }
    private static func responseRatio(_ r: Double, _ z: Double) -> Spring {
        try! Spring(response: r, dampingRatio: z)
    }
    private static func android(stiffness: Double, dampingRatio: Double, mass: Double = 1) -> Spring {
        try! Spring(mass: mass, stiffness: stiffness, dampingRatio: dampingRatio)
    }
    private static func android(_ stiffness: AndroidSpring.Stiffness, _ dampingRatio: AndroidSpring.DampingRatio)
        -> Spring
    {
        android(stiffness: stiffness.rawValue, dampingRatio: dampingRatio.rawValue)
    }
}

/// Android `SpringForce` constants (androidx dynamicanimation, SpringForce.java; Documentation/springs-and-gsl.md §3).
/// Android springs have unit mass and are given as stiffness + damping ratio.
public enum AndroidSpring {
    public enum Stiffness: Double, Sendable, CaseIterable {
        case high = 10_000
        case medium = 1_500
        case low = 200
        case veryLow = 50
    }
    public enum DampingRatio: Double, Sendable, CaseIterable {
        case highBouncy = 0.2
        case mediumBouncy = 0.5
        case lowBouncy = 0.75
        case noBouncy = 1
    }
}

extension Spring {
    public static let smooth = SpringPreset.smooth.spring
    public static let snappy = SpringPreset.snappy.spring
    public static let bouncy = SpringPreset.bouncy.spring
    /// SwiftUI `.spring()`: response 0.55, damping fraction 0.825.
    public static let swiftUIDefault = SpringPreset.swiftUISpring.spring
}
