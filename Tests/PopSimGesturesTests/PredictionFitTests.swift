import Foundation
import PopSimGeometry
import PopSimGestures
import Testing

@Suite("SwiftUI prediction fit")
struct PredictionFitTests {
    /// SwiftUI's `DragGesture` with minimum distance 10 pt (its default) as a log writer: every sample of
    /// each drag goes to a velocity sampler with mix `weight`, and once the finger is 10 pt from where it
    /// went down each `moved` sample is one onChanged row, predicted = translation + T·velocity.
    static func log(_ drags: [GestureScript], horizon: Double, weight: Double, noise: Double = 0, seed: UInt64 = 1)
        throws -> [DragGestureLogRow]
    {
        var rows: [DragGestureLogRow] = []
        var random = GaussianNoise(seed: seed)
        for (k, drag) in drags.enumerated() {
            let stream = try drag.touchStream(
                digitiser: Digitiser(sampleRate: 120, positionNoise: 0.2, scale: 3), seed: UInt64(k + 1))
            var sampler = SwiftUIVelocitySampler(previousSampleWeight: weight)
            var start: Point?
            var active = false
            for sample in stream where sample.phase != .ended && sample.phase != .cancelled {
                sampler.addSample(time: sample.time, location: sample.location)
                let origin = start ?? sample.location
                start = origin
                let translation = sample.location - origin
                active = active || translation.length >= 10
                guard active else { continue }
                let predicted = predictedEndTranslation(
                    translation: translation, velocity: sampler.velocity(at: sample.time),
                    predictionTime: horizon)
                let jitter = Vector(dx: noise * random.next(), dy: noise * random.next())
                rows.append(
                    DragGestureLogRow(
                        time: 100 + 5 * Double(k) + sample.time, location: sample.location,
                        translation: translation, predictedEndTranslation: predicted + jitter))
            }
        }
        return rows
    }

    /// Two drags that speed up and slow down (min-jerk), in different directions.
    static func drags() throws -> [GestureScript] {
        [
            try GestureScript.pan(from: Point(x: 120, y: 640), to: Point(x: 250, y: 180), duration: 0.45),
            try GestureScript.pan(from: Point(x: 300, y: 300), to: Point(x: 60, y: 420), duration: 0.3),
        ]
    }

    /// A log synthesised with PopSim's defaults, T = 0.25 s and w = 0.75, gives both back to rounding.
    @Test func recoversSwiftUIDefaults() throws {
        let result = try PredictionFit.fit(Self.log(Self.drags(), horizon: 0.25, weight: 0.75))
        #expect(abs(result.predictionTime - 0.25) < 1e-9)
        #expect(abs(result.previousSampleWeight - 0.75) < 1e-9)
        #expect(result.rmsResidual < 1e-9)
        #expect(result.points > 40)
    }

    /// Another model is found just as well: the fit is not anchored to the defaults.
    @Test func recoversAnotherModel() throws {
        let result = try PredictionFit.fit(Self.log(Self.drags(), horizon: 0.1, weight: 0.4))
        #expect(abs(result.predictionTime - 0.1) < 1e-9)
        #expect(abs(result.previousSampleWeight - 0.4) < 1e-9)
    }

    /// With 0.5 pt of noise on the predictions, T and w land within 3σ, and over 100 noise realisations the
    /// deviations in units of the reported error have a standard deviation within 0.8…1.2 (the sample SD
    /// of 100 standard normals is there with probability 0.999).
    @Test func errorsAreHonestUnderNoise() throws {
        let drags = try Self.drags()
        var zT: [Double] = []
        var zW: [Double] = []
        for seed in 1...100 {
            let result = try PredictionFit.fit(
                Self.log(drags, horizon: 0.25, weight: 0.75, noise: 0.5, seed: UInt64(seed)))
            if seed == 1 {
                #expect(abs(result.predictionTime - 0.25) <= 3 * result.predictionTimeStandardError)
                #expect(abs(result.previousSampleWeight - 0.75) <= 3 * result.previousSampleWeightStandardError)
                #expect(abs(result.rmsResidual / 0.5 - 1) < 0.2)
            }
            zT.append((result.predictionTime - 0.25) / result.predictionTimeStandardError)
            zW.append((result.previousSampleWeight - 0.75) / result.previousSampleWeightStandardError)
        }
        for z in [zT, zW] {
            let mean = z.reduce(0, +) / Double(z.count)
            let sd = (z.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(z.count - 1)).squareRoot()
            #expect(sd > 0.8 && sd < 1.2, "SD \(sd)")
        }
    }

    /// At constant speed v₂₁ = v₃₂ in every row: T·w and T·(1 − w) cannot be told apart.
    @Test func constantSpeedCannotDetermineTheMix() throws {
        let rows = (0..<20).map { i -> DragGestureLogRow in
            let t = Double(i) / 120
            let translation = Vector(dx: 800 * t, dy: 0)
            return DragGestureLogRow(
                time: t, location: Point(x: 10 + translation.dx, y: 50), translation: translation,
                predictedEndTranslation: translation + Vector(dx: 200, dy: 0))
        }
        #expect(throws: PredictionFitError.self) { _ = try PredictionFit.fit(rows) }
    }

    @Test func refusals() throws {
        let good = try Self.log(Self.drags(), horizon: 0.25, weight: 0.75)
        #expect(throws: PredictionFitError.self) { _ = try PredictionFit.fit(Array(good.prefix(6))) }  // 4 usable rows
        var bad = good
        bad[10].predictedEndTranslation.dx = .nan
        #expect(throws: PredictionFitError.self) { _ = try PredictionFit.fit(bad) }
        var backwards = good
        backwards[10].time = backwards[9].time - 0.001
        #expect(throws: PredictionFitError.self) { _ = try PredictionFit.fit(backwards) }
    }
}
