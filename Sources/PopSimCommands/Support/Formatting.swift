import PopSimGeometry
import PopSimTextIO

/// `WxH` as the `--window` and `--size` flags take it.
func formatSize(_ size: Size) -> String { "\(formatNumber(size.width))x\(formatNumber(size.height))" }
