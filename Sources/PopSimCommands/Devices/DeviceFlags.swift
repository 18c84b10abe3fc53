import PopSimArgumentParsing
import PopSimGestures

/// `--device NAME`: one preset on decide, simulate and synth; on sweep a comma-separated list is an
/// axis (a `device` column).
enum DeviceFlags {
    static let flag = FlagSpec.option("--device", "NAME", "device preset (see 'popsim devices'): " + DevicePreset.names +
                                      "; explicit flags override its parts; sweep: a comma-separated list is an axis")

    /// The one preset `--device` names, or nil.
    static func device(_ arguments: ParsedArguments) throws -> DevicePreset? {
        guard let text = arguments.string("--device") else { return nil }
        if text.contains(",") {
            throw UsageError("invalid value '\(text)' for --device: give one device here; a comma-separated list is a 'popsim sweep' axis")
        }
        return try preset(named: text)
    }

    /// The presets of a `--device` list, or nil when the flag is absent.
    static func devices(_ arguments: ParsedArguments) throws -> [DevicePreset]? {
        try arguments.list("--device")?.map(preset(named:))
    }

    static func preset(named name: String) throws -> DevicePreset {
        guard let device = DevicePreset(named: name) else {
            throw UsageError("invalid value '\(name)' for --device: unknown device; expected one of \(DevicePreset.names) (see 'popsim devices')")
        }
        return device
    }
}
