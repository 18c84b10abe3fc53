import PopSimGestures
import PopSimTextIO

/// What a run asked of a device that the device cannot do: a display rate above its highest, ProMotion
/// on a fixed-rate display, a pipeline scanning faster than its digitiser. The run does what was asked
/// (a rate given explicitly wins over the device's), and these say so in one line, for standard error.
extension DevicePreset {
    /// A note when drawing at `rate` is beyond this device's display; nil when the display can draw it.
    public func note(drawingAt rate: FrameRate) -> String? {
        switch rate {
        case let .fixed(requested) where requested > displayRate:
            return
                "note: \(name)'s display refreshes at \(hertz(displayRate)) at most; "
                + "this run draws at the requested \(hertz(requested)), which the device cannot show"
        case .proMotion where minimumDisplayRate == nil:
            return
                "note: \(name)'s display is a fixed \(hertz(displayRate)), not ProMotion; "
                + "this run draws with ProMotion's model as requested"
        default:
            return nil
        }
    }

    /// A note when a pipeline that scans and draws at `hertz` goes beyond this device's display or
    /// digitiser; nil otherwise.
    public func note(pipelineRate rate: Double) -> String? {
        var limits: [String] = []
        if rate > displayRate { limits.append("display (\(hertz(displayRate)))") }
        if rate > touchScanRate { limits.append("digitiser (\(hertz(touchScanRate)))") }
        guard !limits.isEmpty else { return nil }
        return "\(name)'s \(limits.joined(separator: " and "))"
    }

    private func hertz(_ value: Double) -> String { NumberFormat.compact.format(value) + " Hz" }
}

/// The one line a pipeline sweep writes when a requested rate is beyond some of its devices.
public enum PipelineRateNote {
    /// `pairs`: each device the sweep runs on with the rate its pipeline was asked to scan and draw at
    /// (nil when it uses the device's own). Nil when every device can.
    public static func text(_ pairs: [(device: DevicePreset?, rate: Double?)]) -> String? {
        var parts: [String] = []
        for pair in pairs {
            guard let device = pair.device, let rate = pair.rate, let limit = device.note(pipelineRate: rate) else {
                continue
            }
            let part = "\(NumberFormat.compact.format(rate)) Hz is faster than \(limit) can"
            if !parts.contains(part) { parts.append(part) }
        }
        guard !parts.isEmpty else { return nil }
        return "note: the pipeline scans and draws at the requested rate: " + parts.joined(separator: "; ")
    }
}
