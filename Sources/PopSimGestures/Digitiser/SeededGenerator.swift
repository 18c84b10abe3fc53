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
    public internal(set) var state: (UInt64, UInt64, UInt64, UInt64)

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

    /// Advances the state by 2^128 calls to `next()`: the reference `jump()` (``referenceJump()``), read
    /// from a table of its values (``JumpTable``).
    public mutating func jump() {
        state = JumpTable.once.jumped(state)
    }

    /// The reference implementation's `jump()`: 256 steps of the generator, adding up (xor) the states
    /// at the steps the jump polynomial's bits select.
    mutating func referenceJump() {
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
        var remaining = count
        while remaining >= 3 {
            copy.state = JumpTable.thrice.jumped(copy.state)
            remaining -= 3
        }
        if remaining == 2 { copy.state = JumpTable.twice.jumped(copy.state) }
        if remaining == 1 { copy.jump() }
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

/// ``Xoshiro256StarStar/jump()`` as a table. A step of the generator is shifts, rotations and xors of the
/// state, and the jump xors states together, so the jumped state is a linear map (over GF(2)) of the
/// 256 bits of the state: the xor of the jumped images of its set bits. The table holds, for each of the
/// state's 32 bytes and each of their 256 values, the xor of its bits' images (computed once with
/// ``Xoshiro256StarStar/referenceJump()``), so a jump is 32 lookups instead of 256 steps of the
/// generator, with the same result bit for bit. Two and three jumps, the digitiser's drop and noise
/// sub-streams, have tables of their own: one lookup pass each. A table is 256 KiB, built the first time
/// its jump is taken.
struct JumpTable: Sendable {
    static let once = JumpTable(jumps: 1)
    static let twice = JumpTable(jumps: 2)
    static let thrice = JumpTable(jumps: 3)

    /// Entry ((byte · 256) + value) · 4 + word: word `word` of the image of `value` in byte `byte` of the
    /// state (byte b holds bits 8(b mod 8) … 8(b mod 8) + 7 of state word b / 8).
    private let entries: [UInt64]

    /// The table of `jumps` jumps in a row.
    private init(jumps: Int) {
        var images: [(UInt64, UInt64, UInt64, UInt64)] = []
        for bit in 0..<256 {
            let one = UInt64(1) << UInt64(bit % 64)
            let word = bit / 64
            var generator = Xoshiro256StarStar(
                state: (word == 0 ? one : 0, word == 1 ? one : 0, word == 2 ? one : 0, word == 3 ? one : 0))
            generator.referenceJump()
            for _ in 1..<jumps { generator.state = Self.once.jumped(generator.state) }
            images.append(generator.state)
        }
        var entries = [UInt64](repeating: 0, count: 32 * 256 * 4)
        for byte in 0..<32 {
            for value in 1..<256 {
                // The image of `value` is the image of `value` without its lowest set bit, xor that bit's.
                let base = (byte * 256 + value) * 4
                let rest = (byte * 256 + (value & (value - 1))) * 4
                let bitImage = images[byte * 8 + value.trailingZeroBitCount]
                entries[base] = entries[rest] ^ bitImage.0
                entries[base + 1] = entries[rest + 1] ^ bitImage.1
                entries[base + 2] = entries[rest + 2] ^ bitImage.2
                entries[base + 3] = entries[rest + 3] ^ bitImage.3
            }
        }
        self.entries = entries
    }

    /// `state` advanced by 2^128 steps.
    func jumped(_ state: (UInt64, UInt64, UInt64, UInt64)) -> (UInt64, UInt64, UInt64, UInt64) {
        entries.withUnsafeBufferPointer { table in
            var image: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            func add(_ word: UInt64, firstByte: Int) {
                for byte in 0..<8 {
                    let base = ((firstByte + byte) << 8 | Int(truncatingIfNeeded: word >> UInt64(8 * byte)) & 255) << 2
                    image.0 ^= table[base]
                    image.1 ^= table[base + 1]
                    image.2 ^= table[base + 2]
                    image.3 ^= table[base + 3]
                }
            }
            add(state.0, firstByte: 0)
            add(state.1, firstByte: 8)
            add(state.2, firstByte: 16)
            add(state.3, firstByte: 24)
            return image
        }
    }
}
