import PopSimPlatform

/// aheze/Popovers' drag resistance: R(a) = sgn(a)·|a|^0.7 per axis, with no scale constant and no limit
/// (Documentation/popovers.md §1, `getRubberBanding`, PopoverContainerView.swift:247-252). The library's sgn(0) is
/// −1, which is harmless because 0^0.7 = 0.
public struct PowerRubberBand: RubberBand, Hashable {
    public let exponent: Double

    public init(exponent: Double = 0.7) throws(DynamicsError) {
        try DynamicsError.require(exponent.isFinite && exponent > 0, .exponent, exponent, "a positive finite number")
        self.exponent = exponent
    }

    /// Popovers' exponent, 0.7.
    public static let popovers = try! PowerRubberBand()

    public func displayed(forPull pull: Double) -> Double {
        let magnitude = Double.pow(abs(pull), exponent)
        return pull > 0 ? magnitude : -magnitude
    }

    public func pull(forDisplayed displayed: Double) -> Double {
        let magnitude = Double.pow(abs(displayed), 1 / exponent)
        return displayed > 0 ? magnitude : -magnitude
    }
}
