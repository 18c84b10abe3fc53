import PopSimGeometry
import PopSimGestures
import PopSimInteractions
import Testing

@Suite("Popovers model: SwiftUI velocity mix")
struct PopoverVelocityMixTests {
    static func configuration(_ estimator: VelocityEstimatorKind, weight: Double) -> PopoverModelConfiguration {
        PopoverModelConfiguration(
            popovers: [
                PopoverAttributes(
                    size: Size(width: 200, height: 100),
                    position: .absolute(originAnchor: .center, popoverAnchor: .center),
                    sourceFrame: PopoverWindow.iPhone.bounds)
            ],
            velocityEstimator: estimator, previousSampleWeight: weight)
    }

    /// Samples at 0, 0.1 and 0.15 s along x: v21 = 100/0.1 = 1000, v32 = 10/0.05 = 200 pt/s; the model's
    /// estimator reports w·1000 + (1 − w)·200.
    @Test(arguments: [0.0, 0.3, 0.75, 1.0])
    func estimatorUsesTheWeight(_ weight: Double) {
        var estimator = Self.configuration(.swiftui, weight: weight).makeVelocityEstimator()
        for (t, x) in [(0.0, 0.0), (0.1, 100.0), (0.15, 110.0)] {
            estimator.addSample(time: t, location: Point(x: x, y: 0))
        }
        #expect(abs(estimator.velocity(at: 0.15).dx - (weight * 1000 + (1 - weight) * 200)) < 1e-9)
    }

    @Test func otherEstimatorsAreUnchanged() {
        #expect(Self.configuration(.ios, weight: 0.2).makeVelocityEstimator().kind == .ios)
    }

    @Test(arguments: [-0.01, 1.01, Double.nan])
    func weightOutsideTheUnitIntervalIsRejected(_ weight: Double) {
        #expect(throws: InteractionError.self) { try Self.configuration(.swiftui, weight: weight).validate() }
    }
}
