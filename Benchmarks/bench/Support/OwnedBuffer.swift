/// A buffer of doubles allocated once in a benchmark's setup and freed with the workload that captures
/// it: the timed loops index raw memory (no bounds checks, no copy-on-write checks), as the structure-
/// of-arrays propagator API expects.
final class OwnedBuffer {
    let buffer: UnsafeMutableBufferPointer<Double>

    init(count: Int, _ value: (Int) -> Double) {
        buffer = .allocate(capacity: count)
        for i in 0..<count { buffer.initializeElement(at: i, to: value(i)) }
    }

    init(copying other: OwnedBuffer) {
        buffer = .allocate(capacity: other.buffer.count)
        _ = buffer.initialize(fromContentsOf: other.buffer)
    }

    var count: Int { buffer.count }
    var base: UnsafeMutablePointer<Double> { buffer.baseAddress! }

    /// Copies `other` over this buffer (same count).
    func assign(from other: OwnedBuffer) {
        base.update(from: other.base, count: count)
    }

    deinit { buffer.deallocate() }
}

/// 1 024 varied inputs indexed modulo 1 024, so a function benchmark sees changing arguments (no
/// hoisting out of the loop, no single cached branch) at the cost of one masked load.
final class InputRing {
    static let size = 1024
    private let storage: OwnedBuffer

    init(_ value: (Int) -> Double) {
        storage = OwnedBuffer(count: Self.size, value)
    }

    @inline(__always)
    subscript(i: Int) -> Double { storage.base[i & (Self.size - 1)] }
}
