import PopSimGeometry
import PopSimGestures
import Testing

@testable import PopSimInteractions

/// Bad input never crashes: thousands of seeded random corruptions of a valid touch-stream CSV are
/// parsed, and whatever parses is run through both models; every outcome must be a value or a typed
/// error, never a trap.
@Suite("Malformed input")
struct MalformedInputTests {
    /// The corpus is the same on every run: Gestures' SplitMix64.
    struct Corruptor {
        var generator: SplitMix64
        mutating func below(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
    }

    static let valid = """
        time,phase,x,y,touch
        0.0,began,196.5,426.0,0
        0.016666666666666666,moved,196.5,446.0,0
        0.03333333333333333,moved,196.5,466.0,0
        0.05,stationary,196.5,466.0,0
        0.06666666666666667,moved,196.5,506.0,0
        0.1,ended,196.5,546.0,0
        0.2,began,10,10,1
        0.3,cancelled,12,14,1
        """

    static let replacements = [
        "", ",", "nan", "inf", "-1e308", "1e400", "began", "ended", "moved", "-0", "0x1p3",
        "\u{FEFF}", "é", "\r", "\n", "9999999999999999999999", "1.7976931348623157e308", " ", "\"", "#",
    ]

    @Test func randomCorruptionsNeverTrap() throws {
        var random = Corruptor(generator: SplitMix64(state: 2026))
        var parsed = 0
        var rejected = 0
        let popover = PopoverModelConfiguration(popovers: [
            PopoverAttributes(
                size: Size(width: 200, height: 100),
                sourceFrame: Rect(x: 0, y: 0, width: 393, height: 852))
        ])
        for _ in 0..<3_000 {
            var text = Array(Self.valid)
            for _ in 0...random.below(4) {
                guard !text.isEmpty else { break }
                let at = random.below(text.count)
                switch random.below(4) {
                case 0: text.remove(at: at)
                case 1: text.insert(contentsOf: Self.replacements[random.below(Self.replacements.count)], at: at)
                case 2: text[at] = Character(UnicodeScalar(UInt8(random.below(128))))
                default: text.removeSubrange(at..<min(text.count, at + random.below(30)))
                }
            }
            let stream: TouchStream
            do {
                stream = try TouchStream(csv: String(text), source: "corpus")
                parsed += 1
            } catch {
                rejected += 1
                continue
            }
            for rate in [FrameRate.sixty, .proMotion] {
                _ = try? PopoverSimulation.run(popover, stream: stream, rate: rate, settleLimit: 5)
                _ = try? PopupSimulation.run(PopupConfiguration(), stream: stream, rate: rate, duration: 3)
            }
        }
        // Both paths were exercised.
        #expect(parsed > 100)
        #expect(rejected > 100)
    }
}
