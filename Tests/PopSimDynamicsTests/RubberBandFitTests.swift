import Foundation
import PopSimPlatform
import Testing

@testable import PopSimDynamics

@Suite("Rubber-band fit")
struct RubberBandFitTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let family: RubberBandFamily
        let first: Double
        let second: Double
        let closest: KnownRubberBand
        /// Pulls in both directions (UIScrollView, Popovers) or only downward (LNPopupController's snap).
        let bothDirections: Bool
        var description: String { name }

        /// The law written out here from the libraries' formulas, independent of the code under test.
        func offset(_ x: Double) -> Double {
            switch family {
            case .hyperbolic: return x < 0 ? -offset(-x) : (1 - 1 / (x * first / second + 1)) * second
            case .power: return x < 0 ? -offset(-x) : first * Double.pow(x, second)
            }
        }
    }

    static let cases = [
        Case(
            name: "UIScrollView, d = 852", family: .hyperbolic, first: 0.55, second: 852, closest: .uiScrollView,
            bothDirections: true),
        Case(
            name: "LNPopupController snap, d = 852", family: .hyperbolic, first: 0.32, second: 852,
            closest: .lnPopupControllerSnap,
            bothDirections: false),
        Case(name: "Popovers |a|^0.7", family: .power, first: 1, second: 0.7, closest: .popovers, bothDirections: true),
    ]

    /// An over-drag recorded at 120 Hz: the finger pulls out to 400 pt (and back the other way for the
    /// two-sided bands), offsets with 0.3 pt of noise.
    static func recording(_ c: Case, seed: UInt64) -> (pulls: [Double], offsets: [Double]) {
        var noise = TestNoise(seed: seed)
        let pulls = (0...120).map { i -> Double in
            let x = 400 * Double(i) / 120
            return c.bothDirections && i.isMultiple(of: 2) ? -x : x
        }
        return (pulls, pulls.map { c.offset($0) + noise.gaussian(0.3) })
    }

    @Test(arguments: cases)
    func eachFamilyIsFittedBestByItself(_ c: Case) throws {
        let data = Self.recording(c, seed: 11)
        let results = try RubberBandFit.fit(pulls: data.pulls, offsets: data.offsets)
        #expect(results.map(\.family).count == 2)
        #expect(results[0].family == c.family)
        // The other family misses by more than the noise (0.3 pt), not by a coin toss.
        #expect(results[1].rmsResidual > 1.2 * 0.3)
        let own = results[0]
        #expect(abs(own.first - c.first) <= 3 * own.firstStandardError)
        #expect(abs(own.second - c.second) <= 3 * own.secondStandardError)
        #expect(own.closest == c.closest)
        #expect(abs(own.rmsResidual / 0.3 - 1) < 0.25)
    }

    /// d given: one unknown, c recovered within 3σ, d reported as given with no error.
    @Test func dimensionGiven() throws {
        let c = Self.cases[0]
        let data = Self.recording(c, seed: 12)
        let result = try RubberBandFit.fit(.hyperbolic, pulls: data.pulls, offsets: data.offsets, dimension: 852)
        #expect(result.second == 852)
        #expect(result.secondStandardError == 0)
        #expect(abs(result.first - 0.55) <= 3 * result.firstStandardError)
        #expect(result.firstStandardError < 0.001)
    }

    /// A short over-drag (at most 6 pt of a 852 pt band) shows no bending: d cannot be determined, and the
    /// fit says so and what to give.
    @Test func shortOverDragCannotDetermineD() throws {
        var noise = TestNoise(seed: 13)
        let pulls = (0..<30).map { 6 * Double($0) / 29 }
        let offsets = pulls.map { 0.55 * 852 * $0 / (852 + 0.55 * $0) + noise.gaussian(0.3) }
        do {
            let result = try RubberBandFit.fit(.hyperbolic, pulls: pulls, offsets: offsets)
            // If the solver stops at a finite d, its error must say that d is unknown.
            #expect(result.secondStandardError > result.second)
        } catch {
            #expect("\(error)".contains("--dimension"), "\(error)")
        }
    }

    @Test(arguments: RubberBandFamily.allCases)
    func jacobianMatchesFiniteDifferences(_ family: RubberBandFamily) {
        let pulls = [-300.0, -20, -1, 0, 0.5, 3, 50, 400]
        let model = RubberBandFitModel(family: family, pulls: pulls, offsets: pulls.map { _ in 0 }, fixedSecond: nil)
        let theta = family == .hyperbolic ? [Double.log(0.4), Double.log(600.0)] : [Double.log(1.3), Double.log(0.65)]
        let (analytic, numeric) = jacobians(model, at: theta)
        for k in analytic.indices {
            #expect(abs(analytic[k] - numeric[k]) <= 1e-6 * max(1, abs(numeric[k])), "\(family) entry \(k)")
        }
    }

    @Test func refusals() {
        #expect(throws: FitError.self) { _ = try RubberBandFit.fit(pulls: [1, 2, 3, 4], offsets: [1, 2, 3, 4]) }
        #expect(throws: FitError.self) { _ = try RubberBandFit.fit(pulls: [0, 0, 0, 0, 0], offsets: [1, 2, 3, 4, 5]) }
        #expect(throws: FitError.self) { _ = try RubberBandFit.fit(pulls: [1, 2, 3, 4, 5], offsets: [0, 0, 0, 0, 0]) }
        #expect(throws: FitError.self) {
            _ = try RubberBandFit.fit(pulls: [1, 2, .infinity, 4, 5], offsets: [1, 2, 3, 4, 5])
        }
        #expect(throws: FitError.self) {
            _ = try RubberBandFit.fit(pulls: [1, 2, 3, 4, 5], offsets: [1, 2, 3, 4, 5], dimension: -1)
        }
    }
}
