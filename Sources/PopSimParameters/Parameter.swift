import PopSimTextIO

/// A parameter of a value of type `Root` (a decision problem, a gesture, a spring): its
/// ``ParameterDescription`` and where its value goes. Numeric parameters name the `Double` fields their
/// components set, so a sweep can vary any component through a key path without decoding anything.
public struct Parameter<Root>: Sendable {
    public let description: ParameterDescription
    /// The fields a numeric parameter's components set, in the shape's order; empty otherwise.
    public let components: [WritableKeyPath<Root, Double> & Sendable]
    private let assign: @Sendable (inout Root, ParameterValue) throws(ParameterError) -> Void
    private let read: (@Sendable (Root) -> ParameterValue?)?

    public init(
        _ description: ParameterDescription, components: [WritableKeyPath<Root, Double> & Sendable] = [],
        read: (@Sendable (Root) -> ParameterValue?)? = nil,
        assign: @escaping @Sendable (inout Root, ParameterValue) throws(ParameterError) -> Void
    ) {
        self.description = description
        self.components = components
        self.read = read
        self.assign = assign
    }

    public var name: String { description.name }

    /// The flag that gives it: `--` and the name with dashes (``ParameterDescription/flag``).
    public var flag: String { description.flag }

    /// Sets the value on `root`. Numeric values must be plain numbers here (a sweep sets axis values
    /// through ``components``).
    public func apply(_ value: ParameterValue, to root: inout Root) throws(ParameterError) {
        try assign(&root, value)
    }

    /// The value `root` holds, where it can be read back (for help defaults and recorded text).
    public func value(in root: Root) -> ParameterValue? { read?(root) }

    /// The same parameter on a value that holds `Root` at `path` (a simulation scene holding its
    /// problem).
    public func lifted<Outer>(_ path: WritableKeyPath<Outer, Root> & Sendable) -> Parameter<Outer> {
        let assign = self.assign
        let read = self.read
        return Parameter<Outer>(
            description,
            components: components.map { path.appending(path: $0) as! WritableKeyPath<Outer, Double> & Sendable },
            read: read.map { read in { @Sendable outer in read(outer[keyPath: path]) } },
            assign: { @Sendable (outer: inout Outer, value: ParameterValue) throws(ParameterError) in
                try assign(&outer[keyPath: path], value)
            })
    }

    /// The same parameter, running `action` after every assignment (to record that it was given).
    public func followed(by action: @escaping @Sendable (inout Root) -> Void) -> Parameter {
        let assign = self.assign
        return Parameter(
            description, components: components, read: read,
            assign: { (root: inout Root, value: ParameterValue) throws(ParameterError) in
                try assign(&root, value)
                action(&root)
            })
    }

    /// The same parameter with another one-line doc or default text (a value shared by several
    /// commands that say it differently).
    public func described(_ summary: String, defaultText: String?? = nil, isRequired: Bool? = nil) -> Parameter {
        let d = description
        return Parameter(
            ParameterDescription(
                name: d.name, syntax: d.syntax, placeholder: d.placeholder, summary: summary,
                defaultText: defaultText ?? d.defaultText, isRequired: isRequired ?? d.isRequired,
                isCategorical: d.isCategorical, hint: d.hint, textValues: d.textValues),
            components: components, read: read, assign: assign)
    }
}

extension Parameter {
    /// The same parameter, categorical (a sweep may list several values, one row group each), with
    /// `hint` said after the valid values when a value is refused.
    public func categorical(hint: String? = nil) -> Parameter {
        let d = description
        return Parameter(
            ParameterDescription(
                name: d.name, syntax: d.syntax, placeholder: d.placeholder, summary: d.summary,
                defaultText: d.defaultText, isRequired: d.isRequired, isCategorical: true, hint: hint ?? d.hint,
                textValues: d.textValues),
            components: components, read: read, assign: assign)
    }
}

/// Parameters of one kind of value are the same parameter when they have the same name (one told in
/// other words, ``described(_:defaultText:isRequired:)``, is the same parameter).
extension Parameter: Equatable {
    public static func == (lhs: Parameter, rhs: Parameter) -> Bool { lhs.name == rhs.name }
}

// MARK: Builders

extension Parameter {
    /// One number stored at `path`, in `range`.
    public static func number(
        _ name: String, _ path: WritableKeyPath<Root, Double> & Sendable, _ range: NumberRange,
        placeholder: String, _ summary: String, default defaultText: String? = nil,
        hint: String? = nil
    ) -> Parameter {
        numbers(name, [path], shape: .scalar(placeholder), [range], summary, default: defaultText, hint: hint)
    }

    /// Numbers in `shape` stored at `paths` (one per component), component i in `ranges[i]` (one range
    /// for all when a single one is given).
    public static func numbers(
        _ name: String, _ paths: [WritableKeyPath<Root, Double> & Sendable], shape: NumberShape,
        _ ranges: [NumberRange], _ summary: String, default defaultText: String? = nil,
        hint: String? = nil, then: (@Sendable (inout Root) -> Void)? = nil
    ) -> Parameter {
        precondition(paths.count == shape.count && (ranges.count == 1 || ranges.count == shape.count))
        let ranges = ranges.count == shape.count ? ranges : Array(repeating: ranges[0], count: shape.count)
        return Parameter(
            ParameterDescription(
                name: name, syntax: .numbers(shape, ranges: ranges, words: []), summary: summary,
                defaultText: defaultText, hint: hint),
            components: paths,
            read: { root in .numbers(paths.map { root[keyPath: $0] }) },
            assign: { (root: inout Root, value: ParameterValue) throws(ParameterError) in
                guard let numbers = value.plainNumbers, numbers.count == paths.count else {
                    throw ParameterError("\(Self.flag(name)) needs \(paths.count) number(s)")
                }
                for (path, number) in zip(paths, numbers) { root[keyPath: path] = number }
                then?(&root)
            })
    }

    /// One of an enumeration's cases, by its raw value.
    public static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ path: WritableKeyPath<Root, Choice> & Sendable, _ summary: String,
        default defaultText: String? = nil, isRequired: Bool = false
    ) -> Parameter where Choice.RawValue == String {
        choice(name, path, among: Choice.allCases.map { $0 }, summary, default: defaultText, isRequired: isRequired)
    }

    /// One of `cases`, by raw value.
    public static func choice<Choice: RawRepresentable & Sendable>(
        _ name: String, _ path: WritableKeyPath<Root, Choice> & Sendable, among cases: [Choice], _ summary: String,
        default defaultText: String? = nil, isRequired: Bool = false, isCategorical: Bool = false
    ) -> Parameter where Choice.RawValue == String {
        let words = cases.map(\.rawValue)
        return Parameter(
            ParameterDescription(
                name: name, syntax: .choice(words), summary: summary, defaultText: defaultText,
                isRequired: isRequired, isCategorical: isCategorical),
            read: { root in .word(root[keyPath: path].rawValue) },
            assign: { (root: inout Root, value: ParameterValue) throws(ParameterError) in
                guard case let .word(word) = value, let choice = Choice(rawValue: word) else {
                    throw ParameterError("\(Self.flag(name)) must be one of \(words.joined(separator: ", "))")
                }
                root[keyPath: path] = choice
            })
    }

    /// A switch that sets `path` to `value` when given.
    public static func toggle(
        _ name: String, _ path: WritableKeyPath<Root, Bool> & Sendable, setting value: Bool = true,
        _ summary: String
    ) -> Parameter {
        Parameter(
            ParameterDescription(name: name, syntax: .toggle, summary: summary),
            read: { root in root[keyPath: path] == value ? .on : nil },
            assign: { (root: inout Root, _: ParameterValue) throws(ParameterError) in root[keyPath: path] = value })
    }

    /// An optional number at `path` (nil until given). With `fallback`, a sweep may vary it: its
    /// component reads `fallback` while none is given, and setting it gives it.
    public static func optionalNumber(
        _ name: String, _ path: WritableKeyPath<Root, Double?> & Sendable, _ range: NumberRange,
        placeholder: String, _ summary: String, default defaultText: String? = nil, or fallback: Double? = nil
    ) -> Parameter {
        Parameter(
            ParameterDescription(
                name: name, syntax: .number(range, placeholder: placeholder), summary: summary,
                defaultText: defaultText),
            components: fallback.map { [Self.given(path, or: $0, \.self)] } ?? [],
            read: { root in root[keyPath: path].map(ParameterValue.number) },
            assign: { (root: inout Root, value: ParameterValue) throws(ParameterError) in
                root[keyPath: path] = value.plainNumbers?.first
            })
    }

    /// An optional value of several numbers at `path` (nil until given), component i at
    /// `components[i]` of the value; while none is given, a sweep's components read `fallback`'s.
    public static func optionalNumbers<Value: Hashable & Sendable>(
        _ name: String, _ path: WritableKeyPath<Root, Value?> & Sendable,
        _ components: [WritableKeyPath<Value, Double> & Sendable], or fallback: Value, shape: NumberShape,
        _ ranges: [NumberRange], _ summary: String, default defaultText: String? = nil
    ) -> Parameter {
        let paths = components.map { Self.given(path, or: fallback, $0) }
        let given = numbers(name, paths, shape: shape, ranges, summary, default: defaultText)
        return Parameter(
            given.description, components: paths,
            read: { root in root[keyPath: path] == nil ? nil : given.value(in: root) },
            assign: { (root: inout Root, value: ParameterValue) throws(ParameterError) in
                try given.apply(value, to: &root)
            })
    }

    /// The component `component` of the optional value at `path`, reading `fallback`'s while none is
    /// given.
    public static func given<Value: Hashable & Sendable>(
        _ path: WritableKeyPath<Root, Value?> & Sendable, or fallback: Value,
        _ component: WritableKeyPath<Value, Double> & Sendable
    ) -> WritableKeyPath<Root, Double> & Sendable {
        let orFallback: WritableKeyPath<Value?, Value> & Sendable = \Value?.[or: fallback]
        return path.appending(path: orFallback).appending(path: component) as! WritableKeyPath<Root, Double> & Sendable
    }

    /// A whole number at `path`.
    public static func integer(
        _ name: String, _ path: WritableKeyPath<Root, Int> & Sendable, _ range: ClosedRange<Int>,
        placeholder: String = "N", _ summary: String, default defaultText: String? = nil,
        hint: String? = nil
    ) -> Parameter {
        Parameter(
            ParameterDescription(
                name: name, syntax: .integer(range), placeholder: placeholder, summary: summary,
                defaultText: defaultText, hint: hint),
            read: { root in .integer(root[keyPath: path]) },
            assign: { (root: inout Root, value: ParameterValue) throws(ParameterError) in
                if case let .integer(number) = value { root[keyPath: path] = number }
            })
    }

    /// The flag of the parameter a builder declares as `name`.
    static func flag(_ name: String) -> String { ParameterDescription.flag(for: name) }

    /// A seed at `path`.
    public static func seed(
        _ name: String, _ path: WritableKeyPath<Root, UInt64> & Sendable, _ summary: String,
        default defaultText: String? = "0"
    ) -> Parameter {
        Parameter(
            ParameterDescription(name: name, syntax: .seed, summary: summary, defaultText: defaultText),
            read: { root in .seed(root[keyPath: path]) },
            assign: { (root: inout Root, value: ParameterValue) throws(ParameterError) in
                if case let .seed(number) = value { root[keyPath: path] = number }
            })
    }
}

extension Optional where Wrapped: Hashable & Sendable {
    /// The value, or `fallback` while there is none; setting it gives a value. A key path through it
    /// (`\.origin[or: .zero].x`) lets a sweep set one component of an optional value.
    public subscript(or fallback: Wrapped) -> Wrapped {
        get { self ?? fallback }
        set { self = newValue }
    }
}
