import Foundation
import PopSimPlatform
import Testing

@Suite("popsim spring and spring-info")
struct SpringCLITests {
    @Test func bouncyPresetAt120HzUntilSettled() throws {
        let result = try PopSimProcess.run(["spring", "--preset", "bouncy"])
        #expect(result.status == 0)
        let csv = NumericCSV(result.stdout)
        #expect(csv.header == ["time", "position", "velocity"])
        // The default duration is the settling time that spring-info reports: rows i = 0 … ⌊T·120 + 1e-9⌋.
        let info = try PopSimProcess.run(["spring-info", "--preset", "bouncy"]).lines
        let settling = Double(info.last!.split(separator: "=")[1])!
        #expect(csv.rows.count == Int((settling * 120 + 1e-9).rounded(.down)) + 1)
        #expect(csv.rows.first! == [0, 0, 0])
        let times = csv.column("time")
        for (i, t) in times.enumerated() { #expect(t == Double(i) / 120) }
    }

    /// Rows i = 0 … ⌊T·rate + 1e-9⌋: T = 0.1 at 30 Hz is 3.0000000000000004 → 4 rows (i = 0…3).
    @Test func rowCountRule() throws {
        let result = try PopSimProcess.run([
            "spring", "--stiffness", "100", "--damping", "20", "--seconds", "0.1", "--rate", "30",
        ])
        #expect(NumericCSV(result.stdout).rows.count == 4)
    }

    /// The critically damped step from 0 to 1: x(t) = 1 − e^(−ω₀t)(1 + ω₀t), ω₀ = 10.
    @Test func analyticValuesMatchClosedForm() throws {
        let result = try PopSimProcess.run([
            "spring", "--mass", "1", "--stiffness", "100", "--damping", "20", "--seconds", "1", "--rate", "10",
        ])
        let csv = NumericCSV(result.stdout)
        for row in csv.rows {
            let t = row[0]
            #expect(abs(row[1] - (1 - Double.exp(-10 * t) * (1 + 10 * t))) < 1e-14)
            #expect(abs(row[2] - 100 * t * Double.exp(-10 * t)) < 1e-12)
        }
    }

    @Test(arguments: [
        "rk2", "rk4", "rkf45", "rkck", "rk8pd", "msadams", "rk1imp", "rk2imp", "rk4imp", "bsimp", "msbdf",
    ])
    func gslSolversAgreeWithAnalytic(solver: String) throws {
        let args = [
            "spring", "--response", "0.5", "--damping-ratio", "0.6", "--from", "10", "--to", "-5", "--velocity", "30",
            "--seconds", "0.5",
        ]
        let analytic = NumericCSV(try PopSimProcess.run(args).stdout)
        let numeric = NumericCSV(
            try PopSimProcess.run(args + ["--solver", solver, "--epsabs", "1e-9", "--epsrel", "1e-9"]).stdout)
        // 0.5 s at the default 120 Hz: rows 0 … 60.
        #expect(analytic.rows.count == 61)
        try #require(analytic.rows.count == numeric.rows.count)
        for (a, n) in zip(analytic.rows, numeric.rows) {
            #expect(a[0] == n[0])
            #expect(abs(a[1] - n[1]) < 1e-4)
        }
    }

    @Test func springInfoForAppleCheckValue() throws {
        let result = try PopSimProcess.run(["spring-info", "--stiffness", "100", "--damping", "10"])
        #expect(result.status == 0)
        let pairs = Dictionary(
            uniqueKeysWithValues: result.lines.map { line -> (String, Double) in
                let parts = line.split(separator: "=")
                return (String(parts[0]), Double(String(parts[1]))!)
            })
        #expect(
            Array(pairs.keys).sorted() == [
                "bounce", "damping", "damping_ratio", "duration", "mass", "response", "settling_time", "stiffness",
            ])
        #expect(pairs["damping_ratio"] == 0.5)
        #expect(abs(pairs["duration"]! - 0.63) < 0.005)
        #expect(abs(pairs["bounce"]! - 0.5) < 1e-12)
        #expect(
            result.lines.map { $0.split(separator: "=")[0] } == [
                "mass", "stiffness", "damping", "damping_ratio", "response", "duration", "bounce", "settling_time",
            ])
    }

    @Test func undampedSpringInfoSaysInfinite() throws {
        let result = try PopSimProcess.run(["spring-info", "--response", "1", "--damping-ratio", "0"])
        #expect(result.lines.last == "settling_time=inf")
    }

    static let usageFailures: [[String]] = [
        ["spring"],
        ["spring", "--stiffness", "100"],
        ["spring", "--stiffness", "100", "--damping", "10", "--response", "1"],
        ["spring", "--mass", "nan", "--stiffness", "1", "--damping", "1"],
        ["spring", "--mass", "0", "--stiffness", "1", "--damping", "1"],
        ["spring", "--stiffness", "-1", "--damping", "1"],
        ["spring", "--stiffness", "inf", "--damping", "1"],
        ["spring", "--stiffness", "1", "--damping", "-0.5"],
        ["spring", "--duration", "0", "--bounce", "0"],
        ["spring", "--duration", "0.5", "--bounce", "2"],
        ["spring", "--preset", "wobbly"],
        ["spring", "--preset", "bouncy", "--rate", "0"],
        ["spring", "--preset", "bouncy", "--rate", "-inf"],
        ["spring", "--preset", "bouncy", "--solver", "euler"],
        ["spring", "--preset", "bouncy", "--seconds", "0"],
        ["spring", "--preset", "bouncy", "--epsabs", "-1"],
        ["spring", "--preset", "bouncy", "--frobnicate"],
        ["spring", "--response", "1", "--damping-ratio", "0"],
        ["nonsense"],
    ]

    @Test(arguments: usageFailures)
    func usageErrorsExitTwoWithOneLine(arguments: [String]) throws {
        let result = try PopSimProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test func invalidValueNamesTheFlag() throws {
        let result = try PopSimProcess.run(["spring", "--mass", "-2", "--stiffness", "1", "--damping", "1"])
        #expect(result.stderr == "error: invalid value '-2' for --mass: it must be in [1e-6, 1e6]\n")
    }

    /// A GSL failure (step limit of 1 per frame at a tight tolerance) is exit 70, not an abort, and the
    /// output file is not left behind.
    @Test func solverFailureExitsSeventyAndLeavesNoFile() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let output = directory.appendingPathComponent("trace.csv").path
        let result = try PopSimProcess.run([
            "spring", "--preset", "bouncy", "--solver", "rkf45", "--epsabs", "1e-14",
            "--epsrel", "1e-14", "--max-steps", "1", "--output", output,
        ])
        #expect(result.status == 70)
        #expect(result.stderr.contains("GSL error 11"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func outputFileIsWritten() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let output = directory.appendingPathComponent("trace.csv").path
        let result = try PopSimProcess.run(["spring", "--preset", "smooth", "--output", output])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text == (try PopSimProcess.run(["spring", "--preset", "smooth"])).stdout)
    }

    @Test func unwritableOutputIsAnIOError() throws {
        let result = try PopSimProcess.run(["spring", "--preset", "smooth", "--output", "/nonexistent-dir/x.csv"])
        #expect(result.status == 74)
    }

    @Test func helpDescribesEveryCommandAndFlag() throws {
        let overview = try PopSimProcess.run(["--help"])
        #expect(overview.status == 0)
        #expect(overview.stdout.contains("spring-info"))
        let help = try PopSimProcess.run(["spring", "--help"])
        #expect(help.status == 0)
        for flag in [
            "--mass", "--stiffness", "--damping", "--response", "--damping-ratio", "--duration", "--bounce",
            "--preset", "--from", "--to", "--velocity", "--rate", "--seconds", "--solver", "--epsabs", "--epsrel",
            "--output",
        ] {
            #expect(help.stdout.contains(flag))
        }
    }

    @Test func outputIsDeterministic() throws {
        let args = ["spring", "--duration", "0.4", "--bounce", "-0.3", "--velocity", "-12", "--solver", "msbdf"]
        #expect(try PopSimProcess.run(args).stdout == (try PopSimProcess.run(args)).stdout)
    }
}
