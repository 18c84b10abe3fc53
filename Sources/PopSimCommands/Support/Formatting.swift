import PopSimGeometry
import PopSimTextIO

/// A default in help text: whole numbers without a fractional part (`852`, `0.25`).
func helpNumber(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : formatNumber(value)
}

/// `WxH` as the `--window` and `--size` flags take it, for help text.
func formatSize(_ size: Size) -> String { "\(helpNumber(size.width))x\(helpNumber(size.height))" }
