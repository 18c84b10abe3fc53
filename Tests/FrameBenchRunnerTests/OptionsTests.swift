import PopSimParameters
import Testing

@testable import FrameBench
@testable import FrameBenchRunner

@Suite struct OptionsTests {
    func options(_ arguments: [String]) throws -> BenchOptions {
        guard case let .run(options) = try BenchOptions.parse(arguments) else {
            Issue.record("expected options for \(arguments)")
            return .standard
        }
        return options
    }

    @Test func defaults() throws {
        let o = try options([])
        #expect(o == .standard)
        #expect(o.rates == [.hz60, .hz120])
        #expect(o.threshold == nil)
        #expect(o.comparisonThreshold == 0.05)
        #expect(try options(["--counts"]).comparisonThreshold == 0.01)
        #expect(try options(["--counts", "--compare", "main", "--threshold", "3"]).comparisonThreshold == 0.03)
        #expect(o.format == .text)
        #expect(o.seed == 24301)
    }

    @Test func quickDefaultsAndOverrides() throws {
        let o = try options(["--quick", "--samples", "50", "--rate", "120", "--format=json", "--seed", "9"])
        #expect(o.quick)
        #expect(o.samples == 50)
        #expect(o.minimumTime == BenchOptions.quickDefaults.minimumTime)
        #expect(o.rates == [.hz120])
        #expect(o.format == .json)
        #expect(o.seed == 9)
    }

    @Test func comparisonFlags() throws {
        let o = try options(["--compare", "main", "--threshold", "2.5", "--save-baseline", "next"])
        #expect(o.compareBaseline == .named("main"))
        #expect(o.saveBaseline == .named("next"))
        #expect(o.threshold == 0.025)
    }

    /// A value with a '/' or ending in .json is a path; anything else is a name in .bench/.
    @Test(arguments: [
        ("main", BaselineLocation.named("main"), ".bench/main.json"),
        ("/tmp/base.json", .file("/tmp/base.json"), "/tmp/base.json"),
        ("../baselines/main", .file("../baselines/main"), "../baselines/main"),
        ("base.json", .file("base.json"), "base.json"),
    ])
    func baselineLocations(text: String, location: BaselineLocation, path: String) throws {
        #expect(try options(["--compare", text]).compareBaseline == location)
        #expect(try options(["--save-baseline", text]).saveBaseline == location)
        #expect(location.path == path)
    }

    @Test(arguments: [
        (["--samples", "5"], "--samples"),
        (["--rate", "90"], "--rate"),
        (["--format", "xml"], "--format"),
        (["--filter", "("], "--filter"),
        (["--threshold", "5"], "--compare"),
        (["--compare", ".hidden"], "invalid baseline name"),
        (["--seed", "-1"], "--seed"),
        (["--min-time", "-1"], "--min-time"),
        (["--bogus"], "unknown flag"),
    ])
    func badArguments(arguments: [String], mentions: String) {
        do {
            _ = try BenchOptions.parse(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(error.message.contains(mentions), "\(error.message)")
        }
    }

    @Test func help() throws {
        guard case let .help(text) = try BenchOptions.parse(["--help"]) else {
            Issue.record("expected help")
            return
        }
        #expect(text.contains("--save-baseline NAME|PATH"))
        #expect(text.contains("Exit status: 0 ok, 2 a regression, 4 improvements only, 1 an error"))
    }

    @Test(arguments: [
        ("main", true), ("v1.2_rc-3", true), (".hidden", false), ("a/b", false), ("", false), ("ü", false),
    ])
    func baselineNames(name: String, valid: Bool) {
        #expect(BaselineLocation.isValidName(name) == valid)
    }
}

@Suite struct DebugGuardTests {
    let root = "/src/PopSim"
    var executable: String { root + "/.build/x86_64-unknown-linux-gnu/debug/bench" }

    @Test func releaseBuildsProceed() {
        let decision = DebugGuard.decide(
            isDebugBuild: false, allowDebug: false, arguments: [], executablePath: executable,
            environment: [:], isPackageRoot: { _ in true })
        #expect(decision == .proceed)
    }

    @Test func allowDebugProceeds() {
        let decision = DebugGuard.decide(
            isDebugBuild: true, allowDebug: true, arguments: ["--allow-debug"],
            executablePath: executable, environment: [:], isPackageRoot: { _ in true })
        #expect(decision == .proceed)
    }

    @Test func debugBuildRelaunchesTheReleaseBuild() {
        let decision = DebugGuard.decide(
            isDebugBuild: true, allowDebug: false, arguments: ["--quick"],
            executablePath: executable, environment: [:], isPackageRoot: { $0 == "/src/PopSim" })
        #expect(decision == .relaunch(packageRoot: root, buildDirectory: root + "/.build", product: "bench"))
    }

    /// A runner of one's own relaunches its own product, never PopSim's `bench`, and a refusal names it.
    @Test func aUsersRunnerRelaunchesItsOwnProduct() {
        let decision = DebugGuard.decide(
            isDebugBuild: true, allowDebug: false, arguments: ["--quick"],
            executablePath: "/work/MyApp/.build/aarch64-apple-macosx/debug/MyAppBench", environment: [:],
            isPackageRoot: { $0 == "/work/MyApp" })
        #expect(
            decision
                == .relaunch(packageRoot: "/work/MyApp", buildDirectory: "/work/MyApp/.build", product: "MyAppBench"))
        let refusal = DebugGuard.decide(
            isDebugBuild: true, allowDebug: false, arguments: ["--quick"],
            executablePath: "/usr/local/bin/MyAppBench", environment: [:], isPackageRoot: { _ in false })
        #expect(refusal == .refuse(DebugGuard.refusal(["--quick"], product: "MyAppBench")))
        guard case let .refuse(message) = refusal else { return }
        #expect(
            message.contains("swift run -c release MyAppBench --quick") && message.contains("this MyAppBench was built")
        )
        #expect(!message.contains(" bench "))
    }

    /// The product is the executable's file name.
    @Test(arguments: [
        ("/a/.build/debug/bench", "bench"), ("/a/.build/release/MyBench", "MyBench"), ("MyBench", "MyBench"),
        ("", "bench"),
    ])
    func productOfTheExecutable(path: String, product: String) {
        #expect(BenchTool.product(ofExecutableAt: path) == product)
    }

    /// Help and messages name the tool they are given; no PopSim in a runner that is not PopSim's.
    @Test func helpNamesTheTool() throws {
        guard case let .help(text) = try BenchOptions.parse(["--help"], tool: BenchTool(product: "MyAppBench")) else {
            Issue.record("expected help")
            return
        }
        #expect(text.hasPrefix("MyAppBench: frame-budget benchmarks"))
        #expect(text.contains("usage: MyAppBench [flags]"))
        #expect(!text.contains("PopSim"))
    }

    @Test func debugBuildOutsideAPackageRefusesWithTheCommand() {
        let decision = DebugGuard.decide(
            isDebugBuild: true, allowDebug: false, arguments: ["--filter", "GSL spring", "--quick"],
            executablePath: "/usr/local/bin/bench", environment: [:], isPackageRoot: { _ in true })
        guard case let .refuse(message) = decision else {
            Issue.record("expected a refusal, got \(decision)")
            return
        }
        #expect(message.contains("swift run -c release bench --filter 'GSL spring' --quick"))
        #expect(message.contains("--allow-debug"))
    }

    @Test func noRelaunchVariableRefuses() {
        let decision = DebugGuard.decide(
            isDebugBuild: true, allowDebug: false, arguments: [],
            executablePath: executable, environment: [DebugGuard.noRelaunchVariable: "1"],
            isPackageRoot: { _ in true })
        #expect(decision == .refuse(DebugGuard.refusal([], product: "bench")))
    }

    @Test(arguments: [
        ("plain", "plain"), ("a b", "'a b'"), ("it's", "'it'\\''s'"), ("", "''"), ("x|y", "'x|y'"),
        ("--rate=120", "--rate=120"),
    ])
    func shellQuoting(word: String, quoted: String) {
        #expect(DebugGuard.shellQuoted(word) == quoted)
    }
}
