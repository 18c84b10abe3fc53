import PopSimGestures

/// Frames that miss their vsync or land beside it, as real displays deliver them (dropped frames under
/// load; uneven callback times, the timestamps Flutter saw go backwards in flutter/flutter#190289):
/// drawn by ``FrameClock`` on its vsync grid, each vsync's fate a pure function of the seed and the
/// vsync's index, so the same vsync is dropped or moved the same way whatever the model does.
///
/// For vsync k the draws are outputs 2³² + 3k + 1, + 2 and + 3 of SplitMix64 started at ``seed`` (far
/// from outputs 1–8, which seed the digitiser and the human release, so one seed can drive all three
/// without sharing a number): the first, as a uniform u in [0, 1), drops the frame when
/// u < ``dropProbability``; the other two give a standard normal z by Box–Muller (√(−2 ln u₁)·cos 2πu₂,
/// with ``DeterministicMath``, so the same on every machine), and the frame is drawn at its vsync time + ``jitter``·z,
/// clamped to ±0.45 of the shortest vsync interval of the run so frames stay in order. Vsync 0 is never dropped or
/// moved: it starts the run.
public struct FrameIrregularity: Sendable, Hashable {
    /// Probability that a frame the display would draw is missed, in [0, 1).
    public var dropProbability: Double
    /// Standard deviation of a frame's time about its vsync, seconds.
    public var jitter: Double
    public var seed: UInt64

    public init(dropProbability: Double = 0, jitter: Double = 0, seed: UInt64 = 0) {
        self.dropProbability = dropProbability
        self.jitter = jitter
        self.seed = seed
    }

    /// Every frame on its vsync.
    public static let none = FrameIrregularity()

    /// Whether frames can be dropped or moved at all.
    public var isNone: Bool { dropProbability == 0 && jitter == 0 }

    /// The largest move as a fraction of a vsync interval (the digitiser clamps its timestamps likewise).
    public static let jitterLimit = 0.45

    /// Throws the first parameter out of range.
    public func validate() throws(InteractionError) {
        guard dropProbability.isFinite, dropProbability >= 0, dropProbability < 1 else {
            throw .invalidParameter(
                .invalidParameter(
                    parameter: "dropProbability", value: dropProbability,
                    requirement: "a probability in [0, 1)"))
        }
        guard jitter.isFinite, jitter >= 0 else {
            throw .invalidParameter(
                .invalidParameter(
                    parameter: "jitter", value: jitter,
                    requirement: "a finite number ≥ 0 (seconds)"))
        }
    }

    /// Whether vsync `index` is missed. The check for no drops is inlined into the frame loop, which asks
    /// at every vsync.
    @inline(__always)
    func isDropped(vsync index: Int) -> Bool {
        guard dropProbability > 0, index > 0 else { return false }
        return drawsDrop(vsync: index)
    }

    private func drawsDrop(vsync index: Int) -> Bool {
        var generator = draws(index)
        return Double(generator.next() >> 11) * 0x1p-53 < dropProbability
    }

    /// How far from its vsync frame `index` is drawn, seconds, within ±`limit`. The check for no jitter
    /// is inlined into the frame loop, which asks at every vsync.
    @inline(__always)
    func offset(vsync index: Int, limit: Double) -> Double {
        guard jitter > 0, index > 0 else { return 0 }
        return drawnOffset(vsync: index, limit: limit)
    }

    private func drawnOffset(vsync index: Int, limit: Double) -> Double {
        var generator = draws(index)
        _ = generator.next()
        let u1 = (Double(generator.next() >> 11) + 1) * 0x1p-53
        let u2 = Double(generator.next() >> 11) * 0x1p-53
        let z = (-2 * DeterministicMath.log(u1)).squareRoot() * DeterministicMath.cos(2 * Double.pi * u2)
        return min(max(jitter * z, -limit), limit)
    }

    /// SplitMix64 positioned so that its next output is output 2³² + 3k + 1 of the seed's stream.
    private func draws(_ index: Int) -> SplitMix64 {
        let outputsBefore = (1 << 32) &+ UInt64(truncatingIfNeeded: index) &* 3
        return SplitMix64(state: seed &+ outputsBefore &* 0x9E37_79B9_7F4A_7C15)
    }
}
