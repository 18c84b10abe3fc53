/// The cartesian product of grid axes, in row-major "grid order": the first axis varies slowest and
/// the last fastest, as nested loops written in axis order.
public struct ParameterGrid: Sendable, Hashable {
    public static let maximumPoints = 1 << 31

    public let axes: [GridAxis]
    /// Points in the grid.
    public let count: Int
    private let strides: [Int]

    public init(axes: [GridAxis]) throws(SweepError) {
        var total = 1
        for axis in axes {
            let (product, overflow) = total.multipliedReportingOverflow(by: axis.count)
            guard !overflow, product <= Self.maximumPoints else { throw .tooLarge(overflow ? .max : product) }
            total = product
        }
        var strides = Array(repeating: 1, count: axes.count)
        for i in stride(from: axes.count - 2, through: 0, by: -1) {
            strides[i] = strides[i + 1] * axes[i + 1].count
        }
        self.axes = axes
        self.count = total
        self.strides = strides
    }

    /// The index along each axis of grid point `index`.
    public func coordinates(of index: Int) -> [Int] {
        var result = [Int](repeating: 0, count: axes.count)
        coordinates(of: index, into: &result)
        return result
    }

    /// Allocation-free form of ``coordinates(of:)``.
    public func coordinates(of index: Int, into coordinates: inout [Int]) {
        var rest = index
        for i in axes.indices {
            coordinates[i] = rest / strides[i]
            rest -= coordinates[i] * strides[i]
        }
    }

    /// The value of axis `axis` at grid point `index`.
    public func value(axis: Int, at index: Int) -> Double {
        axes[axis].value(coordinate(axis: axis, at: index))
    }

    /// The index along axis `axis` of grid point `index`.
    public func coordinate(axis: Int, at index: Int) -> Int {
        (index / strides[axis]) % axes[axis].count
    }
}
