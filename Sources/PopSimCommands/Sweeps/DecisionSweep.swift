import PopSimArgumentParsing
import PopSimSweeps

extension DecisionTable where Problem: SweepableDecision {
    /// The table a sweep's flags describe: decide flags whose numeric components may be `A:B:N` axes.
    ///
    /// Axes are ordered as their flags appear in the decide command's flag list, components in order
    /// (x before y, width before height); the first axis varies slowest. A `--device` list of two or
    /// more presets comes before them all (a `device` column). Both ends of every axis are checked
    /// through the decide command's own flag checks (so errors name the flag) before the library
    /// checks the problem.
    init(arguments: ParsedArguments) throws {
        var axes: [GridAxis] = []
        var lowValues = arguments.values
        var highValues = arguments.values
        for numeric in Problem.numericFlags {
            guard let raw = arguments.string(numeric.flag) else { continue }
            let parts = numeric.separator.map { raw.split(separator: $0, omittingEmptySubsequences: false) } ?? [Substring(raw)]
            guard parts.count == numeric.columns.count else { continue }  // decide's parser reports the error
            var low: [String] = [], high: [String] = []
            for (part, column) in zip(parts, numeric.columns) {
                if let axis = try GridAxis.parse(part, column: column) {
                    axes.append(axis)
                    low.append(axis.start.description)
                    high.append(axis.end.description)
                } else {
                    low.append(String(part))
                    high.append(String(part))
                }
            }
            let separator = numeric.separator.map(String.init) ?? ""
            lowValues[numeric.flag] = low.joined(separator: separator)
            highValues[numeric.flag] = high.joined(separator: separator)
        }
        if let devices = try DeviceFlags.devices(arguments), devices.count > 1 {
            var variants: [(label: String, problem: Problem)] = []
            for device in devices {
                lowValues["--device"] = device.name
                highValues["--device"] = device.name
                let problem = try Problem(arguments: ParsedArguments(values: lowValues, switches: arguments.switches))
                _ = try Problem(arguments: ParsedArguments(values: highValues, switches: arguments.switches))
                variants.append((device.name, problem))
            }
            do {
                try self.init(category: try CategoryAxis(column: "device", variants: variants), axes: axes)
            } catch let error as SweepError {
                throw UsageError("invalid value '\(arguments.string("--device")!)' for --device: \(error.description)")
            } catch {
                throw UsageError("\(error)")
            }
            return
        }
        let base = try Problem(arguments: ParsedArguments(values: lowValues, switches: arguments.switches))
        _ = try Problem(arguments: ParsedArguments(values: highValues, switches: arguments.switches))
        do {
            try self.init(base: base, axes: axes)
        } catch {
            throw UsageError(error.description)
        }
    }
}
