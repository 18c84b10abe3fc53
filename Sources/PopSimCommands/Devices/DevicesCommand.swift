import PopSimGestures
import PopSimTextIO

/// `popsim devices`: the device presets `--device NAME` selects, one CSV row each.
enum DevicesCommand {
    static let command = Command(
        ["devices"],
        summary:
            "list the device presets --device selects (window, safe area, display and touch-scan rates, pixel scale)",
        parameters: [],
        discussion: """
            output: CSV name,width,height,safe_top,safe_left,safe_bottom,safe_right,display_hz,min_display_hz,
            touch_scan_hz,touch_scan_source,scale: the portrait window in pt, the safe-area insets UIKit reports
            in portrait (pt), the display's highest refresh rate and, for a ProMotion display, its lowest (empty
            for a fixed rate), the digitiser's scans per second, whether Apple published that rate for the
            device ('published') or it is carried over from an older one ('inferred'), and the pixels per
            point. Sources: Documentation/devices.md.

            --device NAME on decide, simulate and sweep sets the window and safe area (Popovers), the container,
            dock and bar size class (LNPopupController), the display rate (simulate, pipeline sweeps) and the
            digitiser (synth, simulate --synth, pipeline sweeps) together; an explicit flag overrides its part.
            Earlier names still work: \(earlierNames).
            """
    ) { _, context in
        try context.standardOutput.write(
            "name,width,height,safe_top,safe_left,safe_bottom,safe_right,display_hz,min_display_hz,"
                + "touch_scan_hz,touch_scan_source,scale\n")
        for device in DevicePreset.all {
            let insets = device.safeAreaInsets
            let fields = [
                device.name, formatNumber(device.window.width), formatNumber(device.window.height),
                formatNumber(insets.top), formatNumber(insets.left), formatNumber(insets.bottom),
                formatNumber(insets.right),
                formatNumber(device.displayRate), device.minimumDisplayRate.map(formatNumber) ?? "",
                formatNumber(device.touchScanRate), device.touchScanRateIsInferred ? "inferred" : "published",
                formatNumber(device.scale),
            ]
            try context.standardOutput.write(fields.joined(separator: ",") + "\n")
        }
    }

    /// The earlier preset names `--device` still accepts, each with the preset it selects.
    static let earlierNames = DevicePreset.aliases.keys.sorted()
        .map { "\($0) = \(DevicePreset.aliases[$0]!.name)" }
        .joined(separator: ", ")
}
