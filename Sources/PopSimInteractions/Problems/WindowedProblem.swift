import PopSimGestures

/// A problem posed in a window with safe-area insets (a popover's, a sheet's): on a device it takes the
/// device's portrait window and insets (``place(on:)``), and explicit flags override their parts.
public protocol WindowedProblem {
    /// The device the problem is posed on, or nil for a bare window.
    var device: DevicePreset? { get set }
    var windowWidth: Double { get set }
    var windowHeight: Double { get set }
    var safeAreaTop: Double { get set }
    var safeAreaLeft: Double { get set }
    var safeAreaBottom: Double { get set }
    var safeAreaRight: Double { get set }
}

extension WindowedProblem {
    /// Puts the problem on `device`: its portrait window and safe-area insets.
    public mutating func place(on device: DevicePreset) {
        self.device = device
        windowWidth = device.window.width
        windowHeight = device.window.height
        safeAreaTop = device.safeAreaInsets.top
        safeAreaLeft = device.safeAreaInsets.left
        safeAreaBottom = device.safeAreaInsets.bottom
        safeAreaRight = device.safeAreaInsets.right
    }
}
