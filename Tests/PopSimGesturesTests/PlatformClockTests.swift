import PopSimGeometry
import Testing

@testable import PopSimGestures

@Suite struct PlatformClockTests {
    /// The ticks the estimators' histories keep are `Int64(ticks.rounded())` (halves away from zero), bit for
    /// bit, computed without the C library's `round`: on every half, on the doubles either side of one, on
    /// integers, on signed zeros, and on random values over the whole range a platform clock converts.
    @Test func roundedIsTheStandardLibrarysRounding() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994]
        for k in -2000...2000 {
            let half = Double(k) + 0.5
            values += [half, half.nextUp, half.nextDown, Double(k), Double(k).nextUp, Double(k).nextDown]
        }
        var random = SplitMix64(state: 31)
        func unit() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        for _ in 0..<20_000 {
            // A random value of a random decade, 1 to 1e18, either sign, and the half nearest it.
            let value = (unit() * 2 - 1) * pow10((unit() * 19).rounded(.down))
            values += [value, (value * 2).rounded() / 2]
        }
        for value in values where abs(value) < 1e18 {
            #expect(PlatformClock.rounded(value) == Int64(value.rounded()), "\(value)")
        }
    }

    /// Microseconds and nanoseconds of times across the clocks' range agree with the rounding they state.
    @Test func ticksOfTimes() {
        var random = SplitMix64(state: 7)
        func unit() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        for _ in 0..<5_000 {
            let seconds = (unit() * 2 - 1) * pow10((unit() * 9).rounded(.down))
            #expect(PlatformClock.microseconds(seconds) == Int64((seconds * 1_000_000).rounded()), "\(seconds)")
            #expect(PlatformClock.nanoseconds(seconds) == Int64((seconds * 1_000_000_000).rounded()), "\(seconds)")
        }
        #expect(PlatformClock.microseconds(.nan) == nil)
        #expect(PlatformClock.nanoseconds(2e9) == nil)
    }

    private func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(exponent) { result *= 10 }
        return result
    }
}

@Suite struct AnyVelocityEstimatorTests {
    /// Whichever kind it holds, the wrapper reports what the concrete estimator reports, bit for bit, on a
    /// jittered stroke, before and after a reset and a second stroke (the other kinds it stores stay unfed),
    /// asked as a value or in place (``AnyVelocityEstimator/velocityInPlace(at:)``).
    @Test(arguments: VelocityEstimatorKind.allCases)
    func reportsItsKindsEstimate(_ kind: VelocityEstimatorKind) {
        var random = SplitMix64(state: 11)
        func stroke(_ count: Int) -> [(Double, Point)] {
            var time = 3.0
            var location = Point(x: 100, y: 300)
            return (0..<count).map { _ in
                time += 0.008 + Double(random.next() % 1000) * 1e-5
                location = Point(
                    x: location.x + Double(random.next() % 700) / 100 - 2,
                    y: location.y - Double(random.next() % 900) / 100)
                return (time, location)
            }
        }
        var wrapped = kind.makeEstimator()
        var lsq2 = LeastSquaresVelocityEstimator()
        var impulse = ImpulseVelocityEstimator()
        var ios = IOSScrollViewVelocityEstimator()
        var swiftui = SwiftUIVelocitySampler()
        func concrete(at time: Double) -> Vector {
            switch kind {
            case .lsq2: lsq2.velocity(at: time)
            case .impulse: impulse.velocity(at: time)
            case .ios: ios.velocity(at: time)
            case .swiftui: swiftui.velocity(at: time)
            }
        }
        for count in [25, 7] {
            for (time, location) in stroke(count) {
                wrapped.addSample(time: time, location: location)
                lsq2.addSample(time: time, location: location)
                impulse.addSample(time: time, location: location)
                ios.addSample(time: time, location: location)
                swiftui.addSample(time: time, location: location)
                let velocity = wrapped.velocity(at: time + 0.004)
                let expected = concrete(at: time + 0.004)
                #expect(
                    velocity.dx.bitPattern == expected.dx.bitPattern && velocity.dy.bitPattern == expected.dy.bitPattern
                )
                // Read in place, the same value, before the stop rule's 40 ms and after it.
                for later in [0.004, 0.039, 0.05] {
                    let inPlace = wrapped.velocityInPlace(at: time + later)
                    let copied = concrete(at: time + later)
                    #expect(
                        inPlace.dx.bitPattern == copied.dx.bitPattern && inPlace.dy.bitPattern == copied.dy.bitPattern,
                        "\(kind) at +\(later) s")
                }
            }
            #expect(wrapped.kind == kind)
            wrapped.reset()
            lsq2.reset()
            impulse.reset()
            ios.reset()
            swiftui.reset()
            #expect(wrapped.velocity(at: 10) == .zero)
        }
    }
}
