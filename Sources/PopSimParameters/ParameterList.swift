/// The parameters of one kind of value, in the order help lists them, sweeps order their columns and
/// values are applied (so a device preset is applied before the flags that override its parts).
public struct ParameterList<Root>: Sendable {
    public let parameters: [Parameter<Root>]

    public init(_ parameters: [Parameter<Root>]) {
        var names = Set<String>()
        for parameter in parameters {
            precondition(names.insert(parameter.name).inserted, "parameter \(parameter.name) is declared twice")
        }
        self.parameters = parameters
    }

    public var descriptions: [ParameterDescription] { parameters.map(\.description) }

    /// The parameter `description` describes, if the list has it.
    public func parameter(_ description: ParameterDescription) -> Parameter<Root>? {
        parameters.first { $0.name == description.name }
    }

    /// The parameter a text form names (a golden's header, a library's field map), if the list has it.
    public func parameter(named name: String) -> Parameter<Root>? { parameters.first { $0.name == name } }

    /// Whether the list has the parameter `description` describes.
    public func contains(_ description: ParameterDescription) -> Bool { parameter(description) != nil }

    /// The numeric parameter whose component is the CSV column `column`, and the component's index.
    public func component(_ column: String) -> (parameter: Parameter<Root>, index: Int)? {
        for parameter in parameters where !parameter.components.isEmpty {
            if let index = parameter.description.columns.firstIndex(of: column) { return (parameter, index) }
        }
        return nil
    }

    /// Every numeric component's column, in order.
    public var columns: [String] { parameters.filter { !$0.components.isEmpty }.flatMap(\.description.columns) }

    /// `assignments` bound to this list's parameters, in its order; refuses one it does not have.
    public func bind(_ assignments: [AnyAssignment]) throws(ParameterError) -> [Assignment<Root>] {
        for assignment in assignments where !contains(assignment.parameter) {
            throw ParameterError("\(assignment.parameter.flag) is not a parameter here")
        }
        return self.assignments(of: assignments)
    }

    /// The assignments of the parameters this list has, bound and in its order (others left out).
    public func assignments(of assignments: [AnyAssignment]) -> [Assignment<Root>] {
        parameters.compactMap { parameter in
            assignments.first { $0.isValue(of: parameter.description) }.map { Assignment(parameter, $0.value) }
        }
    }

    /// `assignments` of this list's parameters, bound to them and in its order (others left out).
    public func ordered(_ assignments: [Assignment<Root>]) -> [Assignment<Root>] {
        parameters.compactMap { parameter in
            assignments.first { $0.parameter == parameter }.map { Assignment(parameter, $0.value) }
        }
    }

    /// Sets every assigned value on `root`, in this list's order; refuses a missing required parameter.
    public func apply(_ assignments: [Assignment<Root>], to root: inout Root) throws(ParameterError) {
        for parameter in parameters {
            guard let assignment = assignments.first(where: { $0.parameter == parameter }) else {
                if parameter.description.isRequired { throw Self.missing(parameter.description) }
                continue
            }
            try parameter.apply(assignment.value, to: &root)
        }
    }

    /// Sets every assigned value on `root` (``bind(_:)``, then ``apply(_:to:)-(Assignment<Root>,_)``).
    public func apply(_ assignments: [AnyAssignment], to root: inout Root) throws(ParameterError) {
        try apply(bind(assignments), to: &root)
    }

    /// `base` with `assignments` applied.
    public func applying(_ assignments: [Assignment<Root>], to base: Root) throws(ParameterError) -> Root {
        var root = base
        try apply(assignments, to: &root)
        return root
    }

    /// `base` with `assignments` applied, bound first.
    public func applying(_ assignments: [AnyAssignment], to base: Root) throws(ParameterError) -> Root {
        try applying(bind(assignments), to: base)
    }

    /// The list without `excluded`'s parameters.
    public func excluding(_ excluded: ParameterList) -> ParameterList {
        ParameterList(parameters.filter { !excluded.parameters.contains($0) })
    }

    public func lifted<Outer>(_ path: WritableKeyPath<Outer, Root> & Sendable) -> ParameterList<Outer> {
        ParameterList<Outer>(parameters.map { $0.lifted(path) })
    }

    public static func + (lhs: ParameterList, rhs: ParameterList) -> ParameterList {
        ParameterList(lhs.parameters + rhs.parameters)
    }

    static func missing(_ description: ParameterDescription) -> ParameterError {
        ParameterError(
            "\(description.flag) is missing: "
                + "give \(description.flag) \(description.placeholder), \(description.summary)"
        )
    }
}

extension ParameterList: ExpressibleByArrayLiteral {
    public init(arrayLiteral parameters: Parameter<Root>...) { self.init(parameters) }
}
