import PopSimGeometry
import PopSimGestures
import Testing

/// ``StrokeRescan``: a recording scanned again at a lower rate, the scans on straight lines between its
/// samples. Expected values are worked by hand from the lines.
@Suite struct StrokeRescanTests {
    /// A stroke along x at 1000 pt/s sampled every 1/120 s from t = 10 for 12 intervals: x = 1000·(t − 10).
    static let line: [TouchSample] =
        (0...12).map { k in
            TouchSample(
                time: 10 + Double(k) / 120, phase: k == 0 ? .began : .moved,
                location: Point(x: 1000 * Double(k) / 120, y: 5), touch: 3)
        } + [TouchSample(time: 10 + 12.0 / 120, phase: .ended, location: Point(x: 100, y: 5), touch: 3)]

    /// At 60 Hz with phase 0.004 s the last scan is at 10.1 − 0.004 = 10.096 (x = 96), then every 1/60 s
    /// back to t ≥ 10: 10.096 − k/60 for k = 0 … 5 (10.0127 the earliest, 10.096 − 6/60 < 10); on the line
    /// x = 1000·(t − 10). The ended sample is one scan later, at 10.1127, at the lift-off x = 100.
    @Test func scansLieOnTheLineAndEndOneScanLater() throws {
        let scans = try #require(StrokeRescan.rescan(Self.line, rate: 60, phase: 0.004))
        #expect(scans.count == 7)
        #expect(scans.first?.phase == .began && scans.last?.phase == .ended)
        #expect(scans.dropFirst().dropLast().allSatisfy { $0.phase == .moved })
        #expect(scans.allSatisfy { $0.touch == 3 && $0.location.y == 5 })
        for (k, scan) in scans.dropLast().reversed().enumerated() {
            let time = 10.096 - Double(k) / 60
            #expect(abs(scan.time - time) < 1e-9)
            #expect(abs(scan.location.x - 1000 * (time - 10)) < 1e-9)
        }
        #expect(abs(scans.last!.time - (10.096 + 1.0 / 60)) < 1e-9)
        #expect(scans.last!.location.x == 100)
    }

    /// At the recording's own rate and phase 0 the scans are the samples themselves.
    @Test func ownRateGivesTheRecordingBack() throws {
        let scans = try #require(StrokeRescan.rescan(Self.line, rate: 120, phase: 0))
        #expect(scans.count == Self.line.count)
        for (scan, sample) in zip(scans.dropLast(), Self.line.dropLast()) {
            #expect(abs(scan.time - sample.time) < 1e-9 && abs(scan.location.x - sample.location.x) < 1e-9)
        }
    }

    /// What cannot be rescanned: a phase outside [0, 1/rate), no `began` or `ended`, time going back, a
    /// stroke too short for two scans.
    @Test func refusals() {
        #expect(StrokeRescan.rescan(Self.line, rate: 60, phase: 1.0 / 60) == nil)
        #expect(StrokeRescan.rescan(Self.line, rate: 60, phase: -0.001) == nil)
        #expect(StrokeRescan.rescan(Array(Self.line.dropLast()), rate: 60, phase: 0) == nil)
        #expect(StrokeRescan.rescan(Array(Self.line.dropFirst()), rate: 60, phase: 0) == nil)
        var backwards = Self.line
        backwards[5].time = backwards[3].time
        #expect(StrokeRescan.rescan(backwards, rate: 60, phase: 0) == nil)
        #expect(StrokeRescan.rescan(Array(Self.line.prefix(2)) + [Self.line.last!], rate: 60, phase: 0.001) == nil)
    }

    /// Phases spread over [0, 1/rate − the recording's interval): at 60 Hz from a 120 Hz recording, 4
    /// phases are 0, 1/480, 2/480, 3/480 s; at 120 Hz the only phase is 0, so every reading is the same.
    @Test func readingsSpreadThePhases() {
        let sixty = StrokeRescan.readings(of: [Self.line], rate: 60, phases: 4, recordedInterval: 1.0 / 120).joined()
        #expect(sixty.count == 4)
        let own = StrokeRescan.readings(of: [Self.line], rate: 120, phases: 4, recordedInterval: 1.0 / 120).joined()
        #expect(own.count == 4 && Set(own).count == 1)
        // Constant speed: every estimator reads 1000 pt/s along x whatever the phase, to the estimators'
        // whole-microsecond times: ±0.5 µs on a 1/60 s segment moves its speed by at most
        // 1000·1e-6·60 = 0.06 pt/s.
        for reading in sixty {
            #expect(abs(reading.lsq2.dx - 1000) < 0.1 && abs(reading.ios.dx - 1000) < 0.1, "\(reading)")
        }
    }
}
