import PopSimArgumentParsing
import PopSimSweeps
import PopSimTextIO

/// The numeric decide flags of a `sweep` or `threshold` command line: the base problem, the grid axes
/// (components written `A:B:N`) and, for `threshold`, the one interval to solve along (`A:B`).
///
/// Axes are ordered as their flags appear in the decide command's flag list, components in order
/// (x before y, width before height); the first axis varies slowest. A `--device` list of two or more
/// presets comes before them all (a `device` column). Both ends of every axis and of the interval are
/// checked through the decide command's own flag checks (so errors name the flag) before the library
/// checks the problem.
struct SweepComponents<Problem: SweepableDecision> {
    /// The problem at the low end of every axis and of the interval (the first device's with a list).
    let base: Problem
    /// A `--device` list of two or more presets: a `device` column before every axis.
    let category: CategoryAxis<Problem>?
    let axes: [GridAxis]
    let interval: (column: String, lower: Double, upper: Double)?

    init(arguments: ParsedArguments, allowsInterval: Bool) throws {
        var axes: [GridAxis] = []
        var interval: (column: String, lower: Double, upper: Double)?
        var lowValues = arguments.values
        var highValues = arguments.values
        for numeric in Problem.numericFlags {
            guard let raw = arguments.string(numeric.flag) else { continue }
            let parts = numeric.separator.map { raw.split(separator: $0, omittingEmptySubsequences: false) } ?? [Substring(raw)]
            guard parts.count == numeric.columns.count else { continue }  // decide's parser reports the error
            var low: [String] = [], high: [String] = []
            for (part, column) in zip(parts, numeric.columns) {
                let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
                if allowsInterval && pieces.count == 2 {
                    guard interval == nil else {
                        throw UsageError("\(interval!.column) and \(column) are both written A:B; solve along one parameter only (write the others A:B:N or as numbers)")
                    }
                    guard let a = Double(pieces[0]), let b = Double(pieces[1]), a.isFinite, b.isFinite, a < b else {
                        throw UsageError("invalid interval '\(part)' for \(column) (\(numeric.flag)): expected A:B with finite numbers A < B")
                    }
                    interval = (column, a, b)
                    low.append(a.description)
                    high.append(b.description)
                } else if let axis = try GridAxis.parse(part, column: column) {
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
        // The ends through the decide flags' own ranges, then the decide command's relational checks.
        for values in [lowValues, highValues] {
            for (name, text) in values {
                guard let flag = Problem.decideSpec.flag(named: name), let valueName = flag.valueName else { continue }
                try flag.value?.validate(text, flag: name, valueName: valueName)
            }
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
                category = try CategoryAxis(column: "device", variants: variants)
            } catch {
                throw UsageError("invalid value '\(arguments.string("--device")!)' for --device: \(error.description)")
            }
            base = variants[0].problem
        } else {
            category = nil
            base = try Problem(arguments: ParsedArguments(values: lowValues, switches: arguments.switches))
            _ = try Problem(arguments: ParsedArguments(values: highValues, switches: arguments.switches))
        }
        self.axes = axes
        self.interval = interval
    }
}

extension DecisionTable where Problem: SweepableDecision {
    /// The table a sweep's flags describe: decide flags whose numeric components may be `A:B:N` axes.
    init(arguments: ParsedArguments) throws {
        let components = try SweepComponents<Problem>(arguments: arguments, allowsInterval: false)
        do {
            if let category = components.category {
                try self.init(category: category, axes: components.axes)
            } else {
                try self.init(base: components.base, axes: components.axes)
            }
        } catch {
            throw UsageError(error.description)
        }
    }
}
