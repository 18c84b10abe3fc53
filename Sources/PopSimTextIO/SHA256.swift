/// SHA-256 (FIPS 180-4 §6.2), fed incrementally: what a golden table records of each input file it
/// names (`--frame-times-sha256`), so `popsim check` reruns on exactly the file the golden was written
/// with. The tests check the published vectors of FIPS 180-4's examples and NIST's CAVS byte-oriented
/// messages, fed in pieces of every size.
public struct SHA256: Sendable {
    /// The hash state H₀…H₇ (§5.3.3 initially).
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// Bytes of the current block not yet compressed (fewer than 64).
    private var pending: [UInt8] = []
    /// Message length so far, bytes.
    private var length: UInt64 = 0

    /// The digest's length in hexadecimal digits.
    public static let hexadecimalLength = 64

    public init() {
        pending.reserveCapacity(64)
    }

    /// Appends `bytes` to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var index = 0
        if !pending.isEmpty {
            let taken = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<taken])
            index = taken
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { compress(UnsafeRawBufferPointer(rebasing: $0[0..<64])) }
            pending.removeAll(keepingCapacity: true)
        }
        while bytes.count - index >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: bytes[index..<(index + 64)]))
            index += 64
        }
        pending.append(contentsOf: bytes[index...])
    }

    /// Appends `bytes` to the message.
    public mutating func update<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        Array(bytes).withUnsafeBytes { update($0) }
    }

    /// The 32-byte digest of the message so far (§5.1.1 padding; the state is not changed).
    public func finalize() -> [UInt8] {
        var copy = self
        let bitLength = length &* 8
        var padding: [UInt8] = [0x80]
        let padded = (pending.count + 1) % 64
        padding += [UInt8](repeating: 0, count: padded <= 56 ? 56 - padded : 120 - padded)
        for shift in stride(from: 56, through: 0, by: -8) {
            padding.append(UInt8(truncatingIfNeeded: bitLength >> shift))
        }
        padding.withUnsafeBytes { copy.update($0) }
        let words = [
            copy.state.0, copy.state.1, copy.state.2, copy.state.3, copy.state.4, copy.state.5, copy.state.6,
            copy.state.7,
        ]
        return words.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) } }
    }

    /// The digest in lowercase hexadecimal (64 digits), as `sha256sum` prints it.
    public var hexadecimalDigest: String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: finalize().flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// Whether `text` is a digest as ``hexadecimalDigest`` writes it.
    public static func isHexadecimalDigest(_ text: some StringProtocol) -> Bool {
        text.utf8.count == hexadecimalLength
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The round constants K₀…K₆₃ (§4.2.2).
    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// One 64-byte block (§6.2.2).
    private mutating func compress(_ block: UnsafeRawBufferPointer) {
        func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        var (a, b, c, d, e, f, g, h) = state
        // The message schedule W₀…W₆₃, on the stack.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for t in 0..<16 {
                w[t] =
                    UInt32(block[4 * t]) << 24 | UInt32(block[4 * t + 1]) << 16 | UInt32(block[4 * t + 2]) << 8
                    | UInt32(block[4 * t + 3])
            }
            for t in 16..<64 {
                let s0 = rotate(w[t - 15], 7) ^ rotate(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = rotate(w[t - 2], 17) ^ rotate(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            for t in 0..<64 {
                let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                let choice = (e & f) ^ (~e & g)
                let t1 = h &+ sum1 &+ choice &+ Self.k[t] &+ w[t]
                let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = sum0 &+ majority
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
        }
        state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g,
            state.7 &+ h
        )
    }
}
