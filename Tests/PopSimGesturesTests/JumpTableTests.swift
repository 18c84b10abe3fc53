import Testing

@testable import PopSimGestures

@Suite struct JumpTableTests {
    /// The tables' jumps are the reference loop's (256 steps of the generator, xoring the states the
    /// polynomial selects), bit for bit, on states with few and many bits set.
    @Test func tableJumpIsTheReferenceJump() {
        var random = SplitMix64(state: 99)
        var states: [(UInt64, UInt64, UInt64, UInt64)] = [(1, 0, 0, 0), (0, 0, 0, 1 << 63), (.max, .max, .max, .max)]
        for _ in 0..<64 { states.append((random.next(), random.next(), random.next(), random.next())) }
        for state in states {
            var table = Xoshiro256StarStar(state: state)
            var reference = table
            table.jump()
            reference.referenceJump()
            #expect(table == reference, "\(state)")
            for count in [2, 3, 7] {
                var repeated = Xoshiro256StarStar(state: state)
                for _ in 0..<count { repeated.referenceJump() }
                #expect(Xoshiro256StarStar(state: state).jumped(count) == repeated, "\(state), \(count) jumps")
            }
        }
    }
}
