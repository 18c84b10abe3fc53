import Testing

@testable import PopSimTextIO

/// SHA-256 against published vectors: the examples of FIPS 180-4 (NIST's "SHA256.pdf" and
/// "SHA2_Additional.pdf" example values: "abc", the 448- and 896-bit messages, a million "a") and the
/// first byte-oriented messages of NIST's CAVS file SHA256ShortMsg.rsp (Len = 0, 8, 16, 32).
@Suite("SHA-256")
struct SHA256Tests {
    static let vectors: [(message: [UInt8], digest: String)] = [
        ([], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            Array(
                ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr"
                    + "lmnopqrsmnopqrstnopqrstu").utf8),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
        ([0xd3], "28969cdfa74a12c82f3bad960b0b000aca2ac329deea5c2328ebc6f2ba9802c1"),
        ([0x11, 0xaf], "5ca7133fa735326081558ac312c620eeca9970d1e70a4b95533d956f072d1f98"),
        ([0x74, 0xba, 0x25, 0x21], "b16aa56be3880d18cd41e68384cf1ec8c17680c45a02b1575dc1518923ae8b0e"),
    ]

    @Test(arguments: vectors.indices)
    func publishedVector(index: Int) {
        var hash = SHA256()
        hash.update(Self.vectors[index].message)
        #expect(hash.hexadecimalDigest == Self.vectors[index].digest)
    }

    /// The same digest whatever pieces the message arrives in (a reader's buffer boundaries fall anywhere).
    @Test(arguments: [1, 3, 55, 56, 63, 64, 65, 127])
    func piecesOfAnySize(piece: Int) {
        let message = Self.vectors[3].message
        var hash = SHA256()
        var index = 0
        while index < message.count {
            hash.update(message[index..<min(index + piece, message.count)])
            index += piece
        }
        #expect(hash.hexadecimalDigest == Self.vectors[3].digest)
    }

    /// FIPS 180-4's long example: one million repetitions of "a", fed in 1000-byte pieces.
    @Test func aMillionAs() {
        var hash = SHA256()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hash.update(piece) }
        #expect(hash.hexadecimalDigest == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func digestsAreRecognised() {
        #expect(SHA256.isHexadecimalDigest(Self.vectors[0].digest))
        #expect(!SHA256.isHexadecimalDigest(Self.vectors[0].digest.uppercased()))
        #expect(!SHA256.isHexadecimalDigest(Self.vectors[0].digest.dropLast()))
        #expect(!SHA256.isHexadecimalDigest(Self.vectors[0].digest.dropLast() + "g"))
    }
}
