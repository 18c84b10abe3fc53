import PopSimDynamics
import FrameBench

/// The targets of issue 6, each judged on this run's numbers and printed next to them.
enum IssueTargets: BenchmarkSuite {
    static func targets() -> [Target] {
        var targets: [Target] = [
            Target("closed-form spring vs its C kernel", .referenceRatio(benchmark: DynamicsSuite.closedFormUnderdamped, atMost: 1.5)),
            Target("propagator step vs its C kernel", .referenceRatio(benchmark: DynamicsSuite.propagatorSingle, atMost: 1.5)),
            Target("propagator batch of 1 000 vs its C kernel", .referenceRatio(benchmark: DynamicsSuite.propagatorBatchSmall, atMost: 1.5)),
            Target("propagator batch of 1 000 000 vs its C kernel", .referenceRatio(benchmark: DynamicsSuite.propagatorBatchLarge, atMost: 1.5)),
        ]
        for stepper in ODEStepper.allCases {
            targets.append(Target("GSL wrapper vs raw C loop, \(stepper.rawValue)",
                                  .referenceRatio(benchmark: DynamicsSuite.gslStep(stepper), atMost: 1.15)))
        }
        targets += [
            Target("zero allocations: propagator frame step", .allocationsPerOperation(benchmark: DynamicsSuite.propagatorSingle, atMost: 0)),
            Target("zero allocations: SpringBatch.advance", .allocationsPerOperation(benchmark: DynamicsSuite.springBatchAdvance, atMost: 0)),
            Target("zero allocations: GSL frame step (rkf45)", .allocationsPerOperation(benchmark: DynamicsSuite.gslStep(.rkf45), atMost: 0)),
            Target("whole interaction frame at p99", .wholeInteractionShare(rate: .hz120, atMostFraction: 0.001)),
            Target("capacity at 120 Hz, batched propagator", .capacity(probe: DynamicsFrameLoops.propagatorProbe, rate: .hz120, atLeast: 1_000_000)),
            Target("capacity at 120 Hz, closed form", .capacity(probe: DynamicsFrameLoops.closedFormProbe, rate: .hz120, atLeast: 200_000,
                                                                    reference: DynamicsFrameLoops.closedFormReferenceProbe)),
            Target("capacity at 120 Hz, GSL rkf45", .capacity(probe: DynamicsFrameLoops.gslProbe(.rkf45), rate: .hz120, atLeast: 10_000)),
        ]
        return targets
    }
}
