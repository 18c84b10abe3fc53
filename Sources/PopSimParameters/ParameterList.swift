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

    public subscript(name: String) -> Parameter<Root>? { parameters.first { $0.name == name } }

    /// The numeric parameter whose component is the CSV column `column`, and the component's index.
    public func component(_ column: String) -> (parameter: Parameter<Root>, index: Int)? {
        for parameter in parameters where !parameter.components.isEmpty {
            if let index = parameter.description.columns.firstIndex(of: column) { return (parameter, index) }
        }
        return nil
    }

    /// Every numeric component's column, in order.
    public var columns: [String] { parameters.filter { !$0.components.isEmpty }.flatMap(\.description.columns) }

    /// Sets every assigned value on `root`, in this list's order; refuses a name the list does not have
    /// and a missing required parameter.
    public func apply(_ assignments: [Assignment], to root: inout Root) throws(ParameterError) {
        for assignment in assignments where self[assignment.name] == nil {
            throw ParameterError("\(ParameterDescription.flag(for: assignment.name)) is not a parameter here")
        }
        for parameter in parameters {
            guard let assignment = assignments.first(where: { $0.name == parameter.name }) else {
                if parameter.description.isRequired { throw Self.missing(parameter.description) }
                continue
            }
            try parameter.apply(assignment.value, to: &root)
        }
    }

    /// `base` with `assignments` applied.
    public func applying(_ assignments: [Assignment], to base: Root) throws(ParameterError) -> Root {
        var root = base
        try apply(assignments, to: &root)
        return root
    }

    /// The assignments of the parameters this list has, in its order (others left out).
    public func ordered(_ assignments: [Assignment]) -> [Assignment] {
        parameters.compactMap { parameter in assignments.first { $0.name == parameter.name } }
    }

    public func excluding(_ names: Set<String>) -> ParameterList {
        ParameterList(parameters.filter { !names.contains($0.name) })
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
