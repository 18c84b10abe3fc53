/// FNV-1a, 64 bit: a stable hash of a benchmark's identifier, mixed into the run's seed so each
/// benchmark's bootstrap is reproducible whatever else the filter selects. (Swift's `Hasher` is seeded
/// per process and cannot be used for this.)
public func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
}
