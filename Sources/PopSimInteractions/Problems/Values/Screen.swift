import PopSimGeometry
import PopSimGestures
import PopSimParameters
import PopSimTextIO

/// The screen a problem is posed on: its window, the window's safe-area insets and the pixel grid. A
/// device preset (`--device`) gives all three, the family's standard phone stands in without one, and
/// `--window` and `--safe-area` override their parts. What was given is kept as given (an optional
/// each), so the parts a device gives follow the device whenever it is placed (a sweep's device column),
/// and a message can blame what the user gave.
public struct Screen: Sendable, Hashable {
    /// A window, its safe-area insets and its pixels per point.
    public struct Metrics: Sendable, Hashable {
        public var window: Size
        public var safeArea: EdgeInsets
        public var scale: Double
    }

    /// The screen without a device or flags.
    public let standard: Metrics
    /// The device the problem is posed on, or nil for the standard screen.
    public var device: DevicePreset?
    /// The window given explicitly (`--window`), which overrides the device's.
    public var givenWindow: Size?
    /// The safe-area insets given explicitly (`--safe-area`), which override the device's.
    public var givenSafeArea: EdgeInsets?

    public init(standard: Metrics) {
        self.standard = standard
    }

    /// The standard phone of every family (``DefaultPhoneScreen``, the iPhone 15 Pro in portrait).
    public static let defaultPhone = Screen(standard: Metrics(.iPhone15Pro))

    /// The standard phone without safe-area insets (a bare window).
    public static let defaultPhoneWindow = Screen(
        standard: Metrics(window: DefaultPhoneScreen.size, safeArea: .zero, scale: DevicePreset.iPhone15Pro.scale))

    /// The screen before any part is given: the device's, or the standard one.
    public var preset: Metrics { device.map(Metrics.init) ?? standard }

    /// The window: given, or the device's, or the standard one. Setting it gives it.
    public var window: Size {
        get { givenWindow ?? device?.window ?? standard.window }
        set { givenWindow = newValue }
    }

    /// The window's safe-area insets: given, or the device's, or the standard ones. Setting them gives them.
    public var safeArea: EdgeInsets {
        get { givenSafeArea ?? device?.safeAreaInsets ?? standard.safeArea }
        set { givenSafeArea = newValue }
    }

    /// Pixels per point: the device's, or the standard screen's.
    public var scale: Double { device?.scale ?? standard.scale }

    public var bounds: Rect { Rect(origin: .zero, size: window) }

    /// `WxH`, as `--window` writes it.
    public var windowText: String { "\(compact(window.width))x\(compact(window.height))" }

    /// `T,L,B,R`, as `--safe-area` writes them.
    public var safeAreaText: String {
        [safeArea.top, safeArea.left, safeArea.bottom, safeArea.right].map(compact).joined(separator: ",")
    }

    /// Which part an error blames.
    public enum Blame: Sendable {
        /// The insets when they were given (or nothing was), else the window.
        case whatWasGiven
        /// Always the insets.
        case insets
    }

    /// Throws unless the insets leave a safe area (both axes, or only the vertical one with
    /// `vertically`), blaming what `blame` says.
    public func validateSafeArea(vertically: Bool = false, blaming blame: Blame = .whatWasGiven)
        throws(ParameterError)
    {
        let fitsHorizontally = vertically || safeArea.left + safeArea.right < window.width
        guard safeArea.top + safeArea.bottom >= window.height || !fitsHorizontally else { return }
        let which = vertically ? "the top and bottom insets" : "the insets"
        let larger = vertically ? "taller" : "larger"
        if blame == .insets || givenSafeArea != nil || givenWindow == nil {
            throw .invalidValue(
                safeAreaText, for: ScreenParameter.safeArea, "\(which) leave no safe area in the \(windowText) window")
        }
        let whose = device == nil ? "the default" : "the \(ScreenParameter.device.flag)'s"
        throw .invalidValue(
            windowText, for: ScreenParameter.window,
            "\(whose) safe-area insets (\(safeAreaText)) leave no safe area in it; give a \(larger) window, "
                + "or insets with \(ScreenParameter.safeArea.flag)")
    }
}

extension Screen.Metrics {
    /// The device's portrait window, insets and pixel scale.
    public init(_ device: DevicePreset) {
        self.init(window: device.window, safeArea: device.safeAreaInsets, scale: device.scale)
    }
}

/// The screen's parameters, declared once: every family with a screen composes those it has, said in
/// its own words, and ``Screen`` resolves what each part is.
public enum ScreenParameter {
    /// `--device NAME`: the window, insets and pixel grid together (and, in a pipeline, the digitiser
    /// and display); categorical, so a sweep may list several.
    public static let device = Parameter<Screen>.device(
        \.device,
        "device preset (see 'popsim devices'): its window and safe area; explicit flags override its parts")

    /// `--window WxH`.
    public static let window = Parameter<Screen>.numbers(
        "window", [\.window.width, \.window.height], shape: .size, [.length], "window size in pt, or the device's")

    /// `--safe-area T,L,B,R`.
    public static let safeArea = Parameter<Screen>.numbers(
        "safe_area", [\.safeArea.top, \.safeArea.left, \.safeArea.bottom, \.safeArea.right], shape: .insets,
        [.nonNegativeLength], "the window's safe-area insets in pt, or the device's portrait insets")

    /// The three lifted to a problem's `path`, each default written from `screen` (the problem's standard
    /// screen): `device` says what it sets, `window` adds what the family's rules take from it.
    public static func parameters<Root>(
        at path: WritableKeyPath<Root, Screen> & Sendable, of screen: Screen, device deviceSets: String,
        window windowNote: String? = nil
    ) -> [Parameter<Root>] {
        [
            device.lifted(path).described(
                "device preset (see 'popsim devices'): \(deviceSets); explicit flags override its parts"),
            window.lifted(path).described(
                window.description.summary + (windowNote.map { "; " + $0 } ?? ""), defaultText: screen.windowText),
            safeArea.lifted(path).described(safeArea.description.summary, defaultText: screen.safeAreaText),
        ]
    }
}

private func compact(_ value: Double) -> String { NumberFormat.compact.format(value) }
