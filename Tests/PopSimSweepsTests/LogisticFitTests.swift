import PopSimPlatform
import Testing

@testable import PopSimSweeps

@Suite("Logistic fit")
struct LogisticFitTests {
    /// n thresholds at the logistic quantiles μ + s·ln(q/(1 − q)), q = (k − ½)/n: a sample that is
    /// exactly symmetric about μ and spread as the distribution.
    static func quantiles(_ n: Int, location: Double, scale: Double) -> [Double] {
        (1...n).map { k in
            let q = (Double(k) - 0.5) / Double(n)
            return location + scale * Double.log(q / (1 - q))
        }
    }

    /// By symmetry the maximum-likelihood location of a symmetric sample is its centre; the scale is
    /// the distribution's to within the sample's discreteness; the standard error is the Fisher
    /// information's, I(μ) = n/(3s²), so SE = s·√(3/n) (Johnson, Kotz & Balakrishnan, Continuous
    /// Univariate Distributions vol. 2, ch. 23).
    @Test(arguments: [(0.0, 1.0), (962.5, 40.0), (-1500.0, 3.5)])
    func recoversTheDistribution(location: Double, scale: Double) throws {
        let n = 2000
        let fit = try #require(
            LogisticFit.fit(.init(exact: Self.quantiles(n, location: location, scale: scale)), minimumScale: 1e-9))
        #expect(abs(fit.location - location) <= 1e-9 * max(1, abs(location)) + 1e-9 * scale)
        #expect(abs(fit.scale / scale - 1) < 0.01)
        let fisher = scale * (3 / Double(n)).squareRoot()
        #expect(abs(fit.standardError / fisher - 1) < 0.05)
        #expect(abs((fit.upper95 - fit.lower95) / (2 * 1.959963984540054 * fit.standardError) - 1) < 1e-12)
        #expect(abs(fit.probability(at: location) - 0.5) < 1e-9)
    }

    /// Thresholds outside [A, B] are only known to lie there; the censored likelihood still finds the
    /// distribution (the exact values alone would put μ too far in).
    @Test func censoredThresholdsStillCount() throws {
        let all = Self.quantiles(1000, location: 5, scale: 2)
        let (start, end) = (3.0, 10.0)
        let data = LogisticFit.Data(
            exact: all.filter { $0 > start && $0 <= end },
            crossedBeforeStart: all.filter { $0 <= start }.count, start: start,
            notCrossedByEnd: all.filter { $0 > end }.count, end: end)
        let fit = try #require(LogisticFit.fit(data, minimumScale: 1e-9))
        #expect(abs(fit.location - 5) < 0.02)
        #expect(abs(fit.scale / 2 - 1) < 0.03)
        let exactOnly = try #require(LogisticFit.fit(.init(exact: data.exact), minimumScale: 1e-9))
        #expect(exactOnly.location > 5.3)
    }

    /// Realisations that agree cannot resolve a scale below the floor: the fit sits on their value with
    /// the scale at the floor, and μ's own curvature gives SE = s·√(2/n) (at z = 0 each term's second
    /// derivative is −2·¼/s²).
    @Test func agreeingThresholdsSitOnTheFloor() throws {
        let fit = try #require(LogisticFit.fit(.init(exact: Array(repeating: 618.25, count: 8)), minimumScale: 1e-6))
        #expect(fit.location == 618.25)
        #expect(abs(fit.scale / 1e-6 - 1) < 1e-12)
        #expect(abs(fit.standardError / (1e-6 * (2.0 / 8).squareRoot()) - 1) < 1e-9)
    }

    @Test func fewerThanTwoThresholdsAreNoFit() {
        #expect(LogisticFit.fit(.init(exact: []), minimumScale: 1) == nil)
        #expect(
            LogisticFit.fit(
                .init(exact: [3], crossedBeforeStart: 5, start: 0, notCrossedByEnd: 5, end: 10), minimumScale: 1) == nil
        )
        #expect(LogisticFit.fit(.init(exact: [1, 2]), minimumScale: 0) == nil)
    }
}
