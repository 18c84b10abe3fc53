import PopSimDynamics

/// The propagator batch benchmark's loop, written once and built twice: `frames` is emitted into each
/// caller, so the `bench` executable compiles it for the portable baseline instruction set (beside the C
/// kernel built the same way), while `framesBuiltForThisCPU` is compiled in this module with
/// `-target-cpu native` (Package.swift; beside the C kernel built with -march=native). The two Swift/C
/// ratios then measure code generation, and the pair of rows shows what the instruction set adds.
public enum BatchFrames {
    /// `count` frames of the batch; when `phase` reaches `episode` the batch is reset from (x0s, v0s)
    /// first. Inlines `SpringPropagator.advance(displacements:velocities:)`.
    @_alwaysEmitIntoClient @inline(__always)
    public static func frames(
        _ propagator: SpringPropagator, xs: UnsafeMutableBufferPointer<Double>,
        vs: UnsafeMutableBufferPointer<Double>, x0s: UnsafeBufferPointer<Double>,
        v0s: UnsafeBufferPointer<Double>, count: Int, episode: Int, phase: inout Int
    ) {
        var p = phase
        for _ in 0..<count {
            if p == episode {
                xs.baseAddress!.update(from: x0s.baseAddress!, count: xs.count)
                vs.baseAddress!.update(from: v0s.baseAddress!, count: vs.count)
                p = 0
            }
            propagator.advance(displacements: xs, velocities: vs)
            p += 1
        }
        phase = p
    }

    /// ``frames(_:xs:vs:x0s:v0s:count:episode:phase:)`` compiled for the CPU the bench runs on.
    @inline(never)
    public static func framesBuiltForThisCPU(
        _ propagator: SpringPropagator, xs: UnsafeMutableBufferPointer<Double>,
        vs: UnsafeMutableBufferPointer<Double>, x0s: UnsafeBufferPointer<Double>,
        v0s: UnsafeBufferPointer<Double>, count: Int, episode: Int, phase: inout Int
    ) {
        frames(propagator, xs: xs, vs: vs, x0s: x0s, v0s: v0s, count: count, episode: episode, phase: &phase)
    }
}
