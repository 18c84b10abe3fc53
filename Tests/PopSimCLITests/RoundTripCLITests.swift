import Foundation
import PopSimTestSupport
import Testing

/// `velocity-roundtrip` bounds its work before it starts.
@Suite("Reliability: velocity-roundtrip work")
struct RoundTripCLITests {
    /// A 562 500 s swipe at 60 Hz and three noise levels is 101 250 004 samples, more than the
    /// 50 000 000 one run may digitise: a usage error at once, where the run used to take a minute and
    /// over a gigabyte.
    @Test(.timeLimit(.minutes(1))) func tooManySamplesAreAUsageError() throws {
        let result = try PopSimProcess.run([
            "velocity-roundtrip", "--release-velocity", "0.001", "--rates", "60", "--trials", "1",
        ])
        expectRefusal(result, status: 2, mentioning: ["too many samples", "101250004", "50000000"])
    }

    /// A duration that overflows a double blames the release velocity.
    @Test func anEndlessSwipeBlamesTheReleaseVelocity() throws {
        expectRefusal(
            try PopSimProcess.run(["velocity-roundtrip", "--release-velocity", "1e-320"]), status: 2,
            mentioning: ["--release-velocity", "1e-320"])
    }
}
