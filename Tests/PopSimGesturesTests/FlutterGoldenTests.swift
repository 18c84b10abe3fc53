import PopSimGeometry
import PopSimGestures
import Testing

/// Goldens published by Flutter for its own trackers, replayed through PopSim's estimators.
@Suite struct FlutterGoldenTests {
    /// flutter/flutter `packages/flutter/test/gestures/velocity_tracker_test.dart`, "Velocity tracker
    /// gives expected results": the velocity `VelocityTracker` reports at each of the 13 up events of
    /// `velocityEventData` (our flutter-velocity-recording.csv). Flutter checks them to 0.1 %; PopSim
    /// repeats Flutter's arithmetic operation for operation (µs time, Gram–Schmidt in the same order),
    /// so the doubles must be identical, bit for bit.
    static let expected: [(Double, Double)] = [
        (219.59280094228163, 1304.701682306001),
        (355.71046950050845, 967.2112857054104),
        (12.657970884022308, -36.90447839251946),
        (714.1399654786744, -2561.534447931869),
        (-19.668121066218564, -2910.105747052462),
        (646.8690114934209, 2976.977762577527),
        (396.6988447819592, 2106.225572911095),
        (298.31594440044495, -3660.8315955215294),
        (-1.7334232785165882, -3288.13174127454),
        (384.6361280392334, -2645.6612524779835),
        (176.37900397918557, 2711.2542876273264),
        (396.9328560260098, 4280.651578291764),
        (-71.51939428321249, 3716.7385187526947),
    ]

    @Test func leastSquaresMatchesFlutterBitForBit() throws {
        let stream = try Fixtures.stream("flutter-velocity-recording.csv")
        let releases = stream.releaseVelocities(using: .lsq2)
        try #require(releases.count == Self.expected.count)
        for (release, expected) in zip(releases, Self.expected) {
            #expect(release.velocity.dx == expected.0, "touch \(release.touch)")
            #expect(release.velocity.dy == expected.1, "touch \(release.touch)")
        }
    }

    /// Same file, "Interrupted velocity estimation" (regression test for flutter/flutter#7510): the
    /// 48 ms gap cuts the window, and Flutter expects (649.5, 3890.3) to 0.1 %.
    @Test func leastSquaresWindowStopsAtTheGap() throws {
        let stream = try Fixtures.stream("flutter-interrupted-recording.csv")
        let releases = stream.releaseVelocities(using: .lsq2)
        #expect(releases.count == 1)
        let velocity = try #require(releases.first).velocity
        #expect(isClose(velocity.dx, 649.5, relative: 1e-3))
        #expect(isClose(velocity.dy, 3890.3, relative: 1e-3))
    }
}
