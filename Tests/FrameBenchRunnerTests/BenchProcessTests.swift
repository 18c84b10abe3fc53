import Foundation
import PopSimTestSupport
import Testing

/// Runs the built `bench` executable (or `$POPSIM_BENCH_BINARY`) as a user would.
enum BenchProcess {
    static let built = BuiltExecutable(name: "bench", override: "POPSIM_BENCH_BINARY")
    static var executable: URL { built.url }

    /// Whether the binary under test is a debug build (the usual `swift test`).
    static var isDebugBinary: Bool { executable.resolvingSymlinksInPath().path.contains("/debug/") }

    static func run(_ arguments: [String], in directory: URL? = nil, environment extra: [String: String] = [:]) throws
        -> BuiltExecutable.Result
    {
        try built.run(arguments, currentDirectory: directory, environment: extra)
    }

    static func temporaryDirectory() throws -> URL { try ScratchFiles.directory(prefix: "bench-tests") }
}

/// The executable end to end: flags, the debug guard, baselines and exit codes. Runs are filtered to
/// the harness's empty-iteration benchmark with tiny sampling, so each takes a fraction of a second.
@Suite(.serialized) struct BenchProcessTests {
    static let tiny = [
        "--filter", "^Harness/empty iteration$", "--samples", "10", "--min-time", "0.001", "--warmup", "0",
        "--rate", "120", "--allow-debug",
    ]

    @Test func listsTheSuites() throws {
        let result = try BenchProcess.run(["--list"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Spring propagator/frame step, one spring"))
        #expect(
            result.stdout.contains(
                "GSL spring/frame step 1/120 s, rkf45  [per frame step; vs C loop, gsl_odeiv2_driver_apply]"))
        #expect(result.stdout.contains("Capacity/GSL msbdf (ODEIntegrator per spring)"))
    }

    @Test func usageErrorsExitWithOne() throws {
        let result = try BenchProcess.run(["--rate", "90"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: invalid value '90' for --rate"))
    }

    /// A debug build that may not relaunch refuses with the exact release command and status 1.
    @Test(.enabled(if: BenchProcess.isDebugBinary)) func debugBuildRefusesWithTheCommand() throws {
        let result = try BenchProcess.run(
            ["--quick", "--filter", "GSL spring"], environment: ["POPSIM_BENCH_NO_RELAUNCH": "1"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("swift run -c release bench --quick --filter 'GSL spring'"))
    }

    @Test(.enabled(if: BenchProcess.isDebugBinary)) func allowDebugMarksTheReport() throws {
        let result = try BenchProcess.run(Self.tiny)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("DEBUG BUILD (--allow-debug): these numbers are NOT representative"))
        #expect(result.stdout.contains("empty iteration"))
    }

    /// `--help` states the exit-status rule: the statuses of a comparison, and that targets never set it.
    @Test func helpStatesTheExitStatusRule() throws {
        let result = try BenchProcess.run(["--help"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Exit status: 0 ok, 2 a regression, 4 improvements only, 1 an error"))
        let prose = result.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(prose.contains("Targets never change the exit status"))
    }

    /// The text report ends its targets table with the totals line, and a target left out by the filter
    /// says so in its row instead of showing a bare dash.
    @Test func targetsTableHasTotalsAndReasons() throws {
        let result = try BenchProcess.run(Self.tiny)
        #expect(result.status == 0, "\(result.stderr)")
        let totals = try #require(result.lines.first { $0.hasPrefix("targets: ") })
        let counts = totals.dropFirst("targets: ".count).split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(counts.count == 4)
        #expect(counts.first == "0 pass")
        let notRun = try #require(counts.last)
        #expect(notRun.hasSuffix(" not run") && notRun != "0 not run", "\(totals)")
        #expect(result.lines.contains { $0.hasSuffix("not run") && $0.contains("leaves it out)") })
    }

    /// A quick run is not compared with a full baseline on wall time: refused before anything is
    /// measured (nothing on stdout), the message naming both settings; the comparison of runs with the
    /// same settings shows both runs' CPU, load and settings side by side.
    @Test func quickAgainstFullIsRefusedAndBothRunsAreShown() throws {
        let directory = try BenchProcess.temporaryDirectory()
        let saved = try BenchProcess.run(Self.tiny + ["--save-baseline", "full"], in: directory)
        #expect(saved.status == 0, "\(saved.stderr)")
        let quick = try BenchProcess.run(
            [
                "--quick", "--filter", "^Harness/empty iteration$", "--rate", "120", "--allow-debug", "--compare",
                "full",
            ],
            in: directory)
        #expect(quick.status == 1)
        #expect(quick.stdout.isEmpty)
        #expect(quick.stderr.contains("wall times cannot be compared with baseline 'full'"))
        #expect(quick.stderr.contains("the baseline is a full run: 10 samples"))
        #expect(quick.stderr.contains("this is a quick run: 30 samples"))

        let same = try BenchProcess.run(Self.tiny + ["--compare", "full", "--threshold", "100000"], in: directory)
        #expect(same.status == 0, "\(same.stderr)")
        for row in ["CPU", "load at start", "load at end", "build", "settings", "instructions"] {
            let line = same.lines.first { $0.hasPrefix("  \(row) ") }
            #expect(line != nil, "no '\(row)' row in the comparison")
        }
        #expect(
            same.lines.contains {
                $0.hasPrefix("  settings") && $0.components(separatedBy: "full, 10 samples").count == 3
            })
    }

    @Test func missingBaselineIsAnError() throws {
        let directory = try BenchProcess.temporaryDirectory()
        let result = try BenchProcess.run(Self.tiny + ["--compare", "nothing"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("no baseline named 'nothing'"))
    }

    /// Save a baseline, then compare against it as saved (0), against a copy whose samples (wall clock
    /// and work) are 100× slower (the current run improved: 4) and 100× faster (the current run
    /// regressed: 2).
    @Test func baselineVerdictsSetTheExitCode() throws {
        let directory = try BenchProcess.temporaryDirectory()
        let saved = try BenchProcess.run(Self.tiny + ["--save-baseline", "base", "--format", "json"], in: directory)
        #expect(saved.status == 0, "\(saved.stderr)")
        let file = directory.appendingPathComponent(".bench/base.json")
        #expect(FileManager.default.fileExists(atPath: file.path))

        let same = try BenchProcess.run(Self.tiny + ["--compare", "base", "--threshold", "100000"], in: directory)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("Comparison with baseline 'base'"))

        for (factor, name, status, verdict) in [
            (100.0, "slow", Int32(4), "improved"), (0.01, "fast", Int32(2), "regressed"),
        ] {
            let data = try Data(contentsOf: file)
            var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            var benchmarks = try #require(json["benchmarks"] as? [[String: Any]])
            for key in ["samples", "workSamples"] {
                benchmarks[0][key] = try #require(benchmarks[0][key] as? [Double]).map { $0 * factor }
            }
            json["benchmarks"] = benchmarks
            try JSONSerialization.data(withJSONObject: json).write(
                to: directory.appendingPathComponent(".bench/\(name).json"))
            let result = try BenchProcess.run(Self.tiny + ["--compare", name], in: directory)
            #expect(result.status == status, "\(name): \(result.stderr)")
            #expect(result.stdout.contains(verdict))
        }
    }

    /// A baseline saved to a path in one folder is compared from another, by its absolute path and by a
    /// relative one; a path that does not exist is an error that names it.
    @Test func baselinePathsWorkFromAnyFolder() throws {
        let home = try BenchProcess.temporaryDirectory()
        let elsewhere = try BenchProcess.temporaryDirectory()
        let file = home.appendingPathComponent("baselines/base.json").path
        let saved = try BenchProcess.run(Self.tiny + ["--save-baseline", file], in: home)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stderr.contains("saved baseline '\(file)' to \(file)"))
        #expect(FileManager.default.fileExists(atPath: file))
        let absolute = try BenchProcess.run(Self.tiny + ["--compare", file, "--threshold", "100000"], in: elsewhere)
        #expect(absolute.status == 0, "\(absolute.stderr)")
        #expect(absolute.stdout.contains("Comparison with baseline '\(file)'"))
        let relative = "../\(home.lastPathComponent)/baselines/base.json"
        let byRelativePath = try BenchProcess.run(
            Self.tiny + ["--compare", relative, "--threshold", "100000"], in: elsewhere)
        #expect(byRelativePath.status == 0, "\(byRelativePath.stderr)")
        let missing = try BenchProcess.run(Self.tiny + ["--compare", "nowhere/base.json"], in: elsewhere)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no baseline at 'nowhere/base.json'"))
    }

    /// Without valgrind on PATH, `--counts` fails before measuring and says what to install.
    @Test func countsSayWhatIsMissing() throws {
        let empty = try BenchProcess.temporaryDirectory()
        let result = try BenchProcess.run(Self.tiny + ["--counts"], environment: ["PATH": empty.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.contains("--counts cannot count instructions: valgrind is not on PATH")
                || result.stderr.contains("--counts cannot count instructions: this bench was built without"))
    }

    static let valgrindInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind")

    /// Two counted runs of the same binary agree to the instruction; the calibration benchmark
    /// allocates exactly one block per operation; a baseline edited to 20 % fewer instructions makes
    /// the comparison a regression (exit 2), the baseline as saved does not (exit 0), from any folder.
    @Test(.enabled(if: valgrindInstalled)) func countsAreDeterministicAndDecideComparisons() throws {
        let directory = try BenchProcess.temporaryDirectory()
        let counted = Self.tiny.map { $0 == "^Harness/empty iteration$" ? "^Harness/" : $0 } + ["--counts"]
        let file = directory.appendingPathComponent("counted.json").path
        let first = try BenchProcess.run(counted + ["--save-baseline", file, "--format", "json"], in: directory)
        let second = try BenchProcess.run(counted + ["--format", "json"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(second.status == 0, "\(second.stderr)")
        func counts(_ json: String) throws -> [String: [String: Any]] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let benchmarks = try #require(object["benchmarks"] as? [[String: Any]])
            return Dictionary(
                uniqueKeysWithValues: try benchmarks.map {
                    (try #require($0["id"] as? String), try #require($0["instructionCount"] as? [String: Any]))
                })
        }
        let a = try counts(first.stdout)
        let b = try counts(second.stdout)
        #expect(a.keys.sorted() == ["Harness/allocate a 4-element array", "Harness/empty iteration"])
        for (id, count) in a {
            #expect(count["instructions"] as? Int == b[id]?["instructions"] as? Int, "\(id)")
            #expect((count["perOperation"] as? Double ?? 0) > 0, "\(id)")
        }
        #expect(a["Harness/allocate a 4-element array"]?["allocationsPerOperation"] as? Double == 1)

        let same = try BenchProcess.run(counted + ["--compare", file], in: try BenchProcess.temporaryDirectory())
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("comparison: 0 regressed, 0 improved, 2 unchanged"))
        // Counts do not depend on sampling: a quick counted run is judged against the full counted
        // baseline, with a warning that its wall times are not comparable.
        let quick = try BenchProcess.run(
            ["--quick", "--counts", "--filter", "^Harness/", "--rate", "120", "--allow-debug", "--compare", file],
            in: directory)
        #expect(quick.status == 0, "\(quick.stderr)")
        #expect(quick.stdout.contains("warning: wall times are shown but not comparable: the baseline is a full run"))
        #expect(quick.stdout.contains("comparison: 0 regressed, 0 improved, 2 unchanged"))
        var json = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        var benchmarks = try #require(json["benchmarks"] as? [[String: Any]])
        for i in benchmarks.indices {
            var count = try #require(benchmarks[i]["instructionCount"] as? [String: Any])
            count["perOperation"] = try #require(count["perOperation"] as? Double) * 0.8
            benchmarks[i]["instructionCount"] = count
        }
        json["benchmarks"] = benchmarks
        let fewer = directory.appendingPathComponent("fewer.json")
        try JSONSerialization.data(withJSONObject: json).write(to: fewer)
        let regressed = try BenchProcess.run(counted + ["--compare", fewer.path], in: directory)
        #expect(regressed.status == 2, "\(regressed.stderr)")
        #expect(regressed.stdout.contains("+25.0 %"))
    }

    /// `--ab` with the bench itself as the other build: both sides' batches alternate, the table has
    /// a ratio per benchmark; a missing other build and flags it cannot go with are refused.
    @Test func abAgainstAnotherBuild() throws {
        let directory = try BenchProcess.temporaryDirectory()
        let result = try BenchProcess.run(
            Self.tiny + ["--ab", BenchProcess.executable.path, "--rounds", "3", "--threshold", "100000"],
            in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("A/B: this build against \(BenchProcess.executable.path)"))
        #expect(result.stdout.contains("3 rounds of 10 samples"))
        #expect(result.lines.contains { $0.hasPrefix("  Harness/empty iteration ") && $0.hasSuffix("unchanged") })
        let missing = try BenchProcess.run(Self.tiny + ["--ab", "/nonexistent/bench"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("--ab: '/nonexistent/bench' is not an executable file"))
        let counted = try BenchProcess.run(Self.tiny + ["--ab", BenchProcess.executable.path, "--counts"])
        #expect(counted.status == 1)
        #expect(counted.stderr.contains("cannot be combined with --counts"))
    }

    /// An output file that cannot be written fails at once, before any measuring.
    @Test func unwritableOutputFailsBeforeMeasuring() throws {
        let result = try BenchProcess.run(["--quick", "--allow-debug", "--output", "/nonexistent-directory/report.txt"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: cannot write /nonexistent-directory/report.txt"))
        #expect(result.stdout.isEmpty)
    }

    @Test func outputFileAndFormats() throws {
        let directory = try BenchProcess.temporaryDirectory()
        let result = try BenchProcess.run(Self.tiny + ["--format", "csv", "--output", "out.csv"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let csv = try String(contentsOf: directory.appendingPathComponent("out.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("kind,id,variant,rate_hz"))
        #expect(csv.contains("benchmark,Harness/empty iteration,iteration,120,10,"))
    }
}
