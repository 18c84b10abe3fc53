/// A buffer of doubles allocated once in a benchmark's setup and freed with the workload that captures
/// it: the timed loops index raw memory (no bounds checks, no copy-on-write checks), as the structure-
/// of-arrays propagator API expects.
///
/// Aligned to a 64-byte cache line, so no run depends on where malloc (16-byte alignment) happened to
/// place the arrays: the AVX-512 C batch kernel, timed alone on 1 000 springs, takes 0.14–0.15 ns per
/// spring on 32-byte-aligned arrays and 0.22–0.24 ns on arrays 16 bytes off.
final class OwnedBuffer {
    static let alignment = 64
    let buffer: UnsafeMutableBufferPointer<Double>

    private static func allocate(_ count: Int) -> UnsafeMutableBufferPointer<Double> {
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: max(count, 1) * MemoryLayout<Double>.stride, alignment: alignment)
        return UnsafeMutableBufferPointer(start: raw.bindMemory(to: Double.self, capacity: count), count: count)
    }

    init(count: Int, _ value: (Int) -> Double) {
        buffer = Self.allocate(count)
        for i in 0..<count { buffer.initializeElement(at: i, to: value(i)) }
    }

    init(copying other: OwnedBuffer) {
        buffer = Self.allocate(other.buffer.count)
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
