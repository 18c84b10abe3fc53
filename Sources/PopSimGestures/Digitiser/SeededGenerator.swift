// SplitMix64 lives in the internal PopSimRandom module (the bench shares it); users of the gesture
// stage see it as part of this module.
@_exported import PopSimRandom

/// xoshiro256** 1.0 (Blackman & Vigna, "Scrambled linear pseudorandom number generators", 2018;
/// reference code `xoshiro256starstar.c`): PopSim's one source of randomness.
///
/// A fixed algorithm of shifts, rotations, xors and wrapping multiplications, so a seed gives the same
/// sequence on every CPU, compiler and operating system (unlike `SystemRandomNumberGenerator`, or
/// `Double.random(in:using:)` whose conversion is an implementation detail of the standard library).
/// ``jump()`` advances by 2^128 steps, giving independent, non-overlapping sub-streams from one seed.
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable, Hashable {
    public private(set) var state: (UInt64, UInt64, UInt64, UInt64)

    /// Seeds the state with four outputs of ``SplitMix64`` started at `seed` (the authors' advice).
    public init(seed: UInt64) {
        var splitMix = SplitMix64(state: seed)
        state = (splitMix.next(), splitMix.next(), splitMix.next(), splitMix.next())
    }

    /// Starts from an explicit state, which must not be all zero (the all-zero state is a fixed point).
    public init(state: (UInt64, UInt64, UInt64, UInt64)) {
        precondition(state != (0, 0, 0, 0), "xoshiro256** needs a state that is not all zero")
        self.state = state
    }

    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    /// A uniform double in [0, 1) with 53 random bits: the upper 53 bits of `next()` times 2⁻⁵³
    /// (exact, so identical everywhere).
    public mutating func nextUnitInterval() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// Advances the state by 2^128 calls to `next()` (the reference `jump()`).
    public mutating func jump() {
        var jumped: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let polynomial = Self.jumpPolynomial
        for word in [polynomial.0, polynomial.1, polynomial.2, polynomial.3] {
            for bit in 0..<64 {
                if word & (1 << UInt64(bit)) != 0 {
                    jumped.0 ^= state.0
                    jumped.1 ^= state.1
                    jumped.2 ^= state.2
                    jumped.3 ^= state.3
                }
                _ = next()
            }
        }
        state = jumped
    }

    /// The reference implementation's JUMP constants (prng.di.unimi.it/xoshiro256starstar.c).
    private static let jumpPolynomial: (UInt64, UInt64, UInt64, UInt64) =
        (0x180E_C6D3_3CFD_0ABA, 0xD5A6_1266_F0C9_392C, 0xA958_2618_E03F_C9AA, 0x39AB_DC45_29B1_661C)

    /// The generator `count` jumps ahead: sub-stream `count` of this seed.
    public func jumped(_ count: Int) -> Xoshiro256StarStar {
        var copy = self
        for _ in 0..<count { copy.jump() }
        return copy
    }

    public static func == (lhs: Xoshiro256StarStar, rhs: Xoshiro256StarStar) -> Bool { lhs.state == rhs.state }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(state.0)
        hasher.combine(state.1)
        hasher.combine(state.2)
        hasher.combine(state.3)
    }

    @inline(__always)
    private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
