import Foundation
import PopSim
import PopSimPlatform
import Testing

/// The calibration API is reachable with `import PopSim` alone, as a user's test would use it.
@Suite("Fitting through import PopSim")
struct FittingThroughPopSimTests {
    @Test func springRubberBandAndPrediction() throws {
        // SwiftUI .smooth (duration 0.5, bounce 0: ζ = 1) from 0 to 100, 1 s at 60 Hz.
        let simulation = try SpringSimulation(spring: .smooth, start: 0, end: 100)
        let times = (0...60).map { Double($0) / 60 }
        let spring = try SpringFit.fit(
            times: times, positions: times.map(simulation.position(at:)),
            options: SpringFitOptions(to: 100))
        #expect(spring.spring.nearestPreset.preset == .smooth)
        #expect(abs(spring.spring.dampingRatio - 1) < 1e-6)

        // Popovers' band, sgn(a)·|a|^0.7.
        let pulls = (1...20).map { Double($0) * 10 }
        let bands = try RubberBandFit.fit(pulls: pulls, offsets: pulls.map { Double.pow($0, 0.7) })
        #expect(bands[0].family == .power && bands[0].closest == .popovers)

        // A log of predictions made with T = 0.25 s and w = 0.75 (SwiftUI's sampler, PopSim's defaults).
        var sampler = SwiftUIVelocitySampler()
        var rows: [DragGestureLogRow] = []
        for i in 0..<30 {
            let t = Double(i) / 120
            let x = 400 * t * t * t
            let location = Point(x: 50 + x, y: 300)
            sampler.addSample(time: t, location: location)
            let translation = Vector(dx: x, dy: 0)
            rows.append(
                DragGestureLogRow(
                    time: t, location: location, translation: translation,
                    predictedEndTranslation: predictedEndTranslation(
                        translation: translation, velocity: sampler.velocity(at: t))))
        }
        let prediction = try PredictionFit.fit(rows)
        #expect(abs(prediction.predictionTime - 0.25) < 1e-9 && abs(prediction.previousSampleWeight - 0.75) < 1e-9)
    }
}
