import PopSimTextIO

/// A parameter's value, typed: what decoding a flag's text yields and what travels between the command
/// line, sweeps, golden tables and tests (never the text itself).
public enum ParameterValue: Sendable, Hashable {
    /// The components of a numeric parameter, in its shape's order.
    case numbers([NumberEntry])
    /// One word of a choice, or a numeric parameter's alternative word (`promotion`).
    case word(String)
    /// A switch that is on.
    case on
    /// Text the parameter interprets itself.
    case text(String)
    case integer(Int)
    case seed(UInt64)
    /// The items of a list value (or of a categorical parameter listed in a sweep).
    case list([ParameterValue])

    /// One number.
    public static func number(_ value: Double) -> ParameterValue { .numbers([.value(value)]) }

    /// Numbers, each a plain value.
    public static func numbers(_ values: [Double]) -> ParameterValue { .numbers(values.map(NumberEntry.value)) }

    /// The plain numbers, or nil when a component is an axis or interval (or the value is not numeric).
    public var plainNumbers: [Double]? {
        guard case let .numbers(entries) = self else { return nil }
        var values: [Double] = []
        for entry in entries {
            guard case let .value(value) = entry else { return nil }
            values.append(value)
        }
        return values
    }

    /// The value with every axis and interval at its lower (`upper` false) or upper end: the two
    /// problems a sweep validates.
    public func end(upper: Bool) -> ParameterValue {
        guard case let .numbers(entries) = self else { return self }
        return .numbers(entries.map { .value(upper ? $0.upper : $0.lower) })
    }
}

/// One component of a numeric value: a number, or in a sweep an axis or the interval a threshold is
/// solved along.
public enum NumberEntry: Sendable, Hashable {
    case value(Double)
    /// `A:B:N`: N evenly spaced values from A to B inclusive.
    case axis(from: Double, to: Double, count: Int)
    /// `A:B` with A < B.
    case interval(from: Double, to: Double)

    public var lower: Double {
        switch self {
        case let .value(value): return value
        case let .axis(from, _, _), let .interval(from, _): return from
        }
    }

    public var upper: Double {
        switch self {
        case let .value(value): return value
        case let .axis(_, to, _), let .interval(_, to): return to
        }
    }

    /// As written on a command line, numbers in their compact form (`0`, `120`, `0.25`).
    public var text: String {
        let number = NumberFormat.compact
        switch self {
        case let .value(value): return number.format(value)
        case let .axis(from, to, count): return "\(number.format(from)):\(number.format(to)):\(count)"
        case let .interval(from, to): return "\(number.format(from)):\(number.format(to))"
        }
    }
}

/// A parameter's value as a text form decodes it, before it is bound to the value it sets: the
/// parameter's description (which names it) and its typed value. ``ParameterList/bind(_:)`` binds it to
/// the parameter of one kind of value (``Assignment``).
public struct AnyAssignment: Sendable, Hashable {
    public let parameter: ParameterDescription
    public let value: ParameterValue

    public init(_ parameter: ParameterDescription, _ value: ParameterValue) {
        self.parameter = parameter
        self.value = value
    }

    /// Whether this is a value of `parameter` (the same name: a parameter told in other words is the
    /// same parameter).
    public func isValue(of parameter: ParameterDescription) -> Bool { self.parameter.name == parameter.name }
}

/// A parameter of `Root` and its value: one flag of a command line, typed by the value it sets, so it
/// is applied, swept and written back without looking its parameter up.
public struct Assignment<Root>: Sendable, Equatable {
    public let parameter: Parameter<Root>
    public let value: ParameterValue

    public init(_ parameter: Parameter<Root>, _ value: ParameterValue) {
        self.parameter = parameter
        self.value = value
    }

    /// The same value as a text form holds it.
    public var erased: AnyAssignment { AnyAssignment(parameter.description, value) }

    public static func == (lhs: Assignment, rhs: Assignment) -> Bool {
        lhs.parameter == rhs.parameter && lhs.value == rhs.value
    }
}
