/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014;
/// the constants of Java's SplittableRandom): a seeded generator whose sequence is the same on every
/// machine and Swift version, unlike `SystemRandomNumberGenerator`. The bootstrap draws from it so a
/// seed reproduces its confidence intervals exactly.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in 0 ..< bound by Lemire's multiply-high mapping (without rejection: the bias is below
    /// bound/2⁶⁴, far under anything a bootstrap can see), so it costs one multiplication.
    public mutating func index(below bound: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }
}

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
