import PopSimArgumentParsing
import PopSimSweeps

/// The grid a sweep runs: decide flags whose numeric components may be `A:B:N` axes.
///
/// Axes are ordered as their flags appear in the decide command's flag list, components in order
/// (x before y, width before height); the first axis varies slowest. Every other value is the
/// problem's base value. Both ends of every axis are validated through the decide command's own checks
/// before anything runs (the valid sets are intervals, so the whole grid is then valid).
struct DecisionSweep<Decision: SweepableDecision> {
    let grid: ParameterGrid
    let base: Decision
    /// For each axis, the key path it sets.
    let setters: [WritableKeyPath<Decision, Double> & Sendable]

    init(arguments: ParsedArguments) throws {
        var axes: [GridAxis] = []
        var setters: [WritableKeyPath<Decision, Double> & Sendable] = []
        var lowValues = arguments.values
        var highValues = arguments.values
        for numeric in Decision.numericFlags {
            guard let raw = arguments.string(numeric.flag) else { continue }
            let parts = numeric.separator.map { raw.split(separator: $0, omittingEmptySubsequences: false) } ?? [Substring(raw)]
            guard parts.count == numeric.components.count else { continue }  // decide's parser reports the error
            var low: [String] = [], high: [String] = []
            for (part, component) in zip(parts, numeric.components) {
                if let axis = try GridAxis.parse(part, column: component.column) {
                    axes.append(axis)
                    setters.append(component.keyPath)
                    low.append(String(axis.start.description))
                    high.append(String(axis.end.description))
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
                guard let flag = Decision.decideSpec.flag(named: name), let valueName = flag.valueName else { continue }
                try flag.value?.validate(text, flag: name, valueName: valueName)
            }
        }
        let base = try Decision(arguments: ParsedArguments(values: lowValues, switches: arguments.switches))
        _ = try Decision(arguments: ParsedArguments(values: highValues, switches: arguments.switches))
        self.grid = try ParameterGrid(axes: axes)
        self.base = base
        self.setters = setters
    }

    /// The problem at grid point `index`.
    func decision(at index: Int) -> Decision {
        var decision = base
        for (axis, keyPath) in setters.enumerated() {
            decision[keyPath: keyPath] = grid.value(axis: axis, at: index)
        }
        return decision
    }

    /// The CSV header: the swept columns.
    var columns: [String] { grid.axes.map(\.column) }
}
