/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014;
/// Vigna's reference `splitmix64.c`, the constants of Java's `SplittableRandom`): a seeded generator
/// made of wrapping integer arithmetic only, so its sequence is the same on every machine, compiler and
/// Swift version (unlike `SystemRandomNumberGenerator`).
///
/// PopSim's one implementation: it expands a seed into xoshiro256**'s state and derives per-point
/// seeds in the gesture and sweep stages, and draws the bench's bootstrap resamples.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    public private(set) var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

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
