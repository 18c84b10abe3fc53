// swift-tools-version:6.2
// PopSim: headless physics of gesture-driven iOS UI. GPL-3.0-or-later (links GSL).
//
// Three library products: the umbrella `PopSim` (re-exporting one module per stage of the data flow, as
// swift-numerics' `Numerics` does), `PopSimTesting` and `FrameBench`. Every other module (the stages,
// C shims, platform layer, text I/O, the CLI's commands, the bench's runner) is an internal target,
// prefixed `PopSim` all the same, because SwiftPM refuses two modules of one name anywhere in a build
// graph.
import PackageDescription

let package = Package(
    name: "PopSim",
    products: [
        // `import PopSim`: parameters, dynamics, gestures, interaction models and sweeps in one import.
        .library(name: "PopSim", targets: ["PopSim"]),
        // Golden decision tables, in-code decision tables and gesture expectations for a user's tests.
        .library(name: "PopSimTesting", targets: ["PopSimTesting"]),
        // Time your own frame loops against 60/120 Hz budgets: registration, measurement, statistics,
        // frame budgets and hitches (package-benchmark's `Benchmark` library).
        .library(name: "FrameBench", targets: ["FrameBench"]),
        .executable(name: "popsim", targets: ["PopSimCLI"]),
        .executable(name: "bench", targets: ["PopSimBench"]),
    ],
    targets: [
        // Stage 0: platform. GSL through pkg-config (Debian: libgsl-dev; macOS: brew install gsl).
        .systemLibrary(
            name: "CPopSimGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"]), .brew(["gsl"])]
        ),
        // libm's functions as static inline C (sincos too, which Swift's C-library modules do not export),
        // for PopSimPlatform's inlinable elementary functions; its module map exports nothing else.
        .target(name: "CPopSimLibm"),
        // The only module that imports Glibc, Musl or Darwin (privately); everything else calls its API.
        .target(name: "PopSimPlatform", dependencies: ["CPopSimLibm"]),
        // Points, vectors, sizes and rectangles with CoreGraphics semantics.
        .target(name: "PopSimGeometry"),
        // Streaming text input and atomic output: line reader, CSV number format, output sinks.
        .target(name: "PopSimTextIO", dependencies: ["PopSimPlatform"]),
        // SplitMix64, the one seeded generator the gesture stage and the bench share.
        .target(name: "PopSimRandom"),
        // Parameters described once: name (the CSV column; the flag derives from it), syntax, range, default,
        // doc; typed values; the text form every command line, golden table and `--synth` is written in.
        .target(name: "PopSimParameters", dependencies: ["PopSimTextIO"]),

        // Stage 1: touch streams: samples, synthesis, digitiser model, release-velocity estimators.
        .target(
            name: "PopSimGestures",
            dependencies: ["PopSimGeometry", "PopSimTextIO", "PopSimRandom", "PopSimParameters"]),
        // Stage 2: springs, rubber bands, deceleration; closed form, exact propagator, GSL ODE integration.
        .target(
            name: "PopSimDynamics",
            dependencies: [
                "CPopSimGSL", "PopSimGeometry", "PopSimPlatform", "PopSimParameters", "PopSimTextIO",
            ]),
        // Stage 3: interaction models on a frame clock: the display-link driver, spring tracks, Popovers,
        // LNPopupController, FloatingPanel and PanModal sheets, scroll-view arbitration.
        .target(
            name: "PopSimInteractions",
            dependencies: ["PopSimDynamics", "PopSimGestures", "PopSimGeometry", "PopSimTextIO", "PopSimParameters"]),
        // Stage 4: decision problems, grid sweeps, pipeline outcomes, golden decision tables.
        .target(
            name: "PopSimSweeps",
            dependencies: [
                "PopSimInteractions", "PopSimGestures", "PopSimTextIO", "PopSimPlatform", "PopSimParameters",
            ]),
        // The umbrella: re-exports stages 1-4.
        .target(
            name: "PopSim",
            dependencies: [
                "PopSimGeometry", "PopSimParameters", "PopSimDynamics", "PopSimGestures", "PopSimInteractions",
                "PopSimSweeps",
            ]),

        // The `popsim` subcommands: each lists the parameters it reads (described in the domain), decodes
        // them and prints; a library so the CLI tests reach it in process.
        .target(
            name: "PopSimCommands",
            dependencies: [
                "PopSimParameters", "PopSimTextIO", "PopSimPlatform", "PopSimGeometry", "PopSimDynamics",
                "PopSimGestures", "PopSimInteractions", "PopSimSweeps",
            ]),
        .executableTarget(name: "PopSimCLI", dependencies: ["PopSimCommands", "PopSimPlatform"]),
        .target(name: "PopSimTesting", dependencies: ["PopSim"]),

        // The frame-budget benchmark library: registry, measurement, statistics, frames and budgets.
        .target(name: "FrameBench", dependencies: ["PopSimPlatform", "PopSimRandom"]),
        // The bench's runner and reporting layer: options, the run, targets, text/CSV/JSON reports,
        // baselines and comparisons, the debug-build guard, exit codes (internal to `bench`).
        .target(
            name: "FrameBenchRunner",
            dependencies: ["FrameBench", "PopSimParameters", "PopSimTextIO", "PopSimPlatform"]),
        // C reference kernels, measured side by side with the Swift hot paths (references only), built
        // for the portable baseline instruction set, as `swift build` builds the Swift code.
        // -ffp-contract=off: Swift never fuses multiply-adds, so the kernels do the same IEEE operations.
        .target(
            name: "CPopSimBenchReference",
            dependencies: ["CPopSimGSL"],
            path: "Benchmarks/CPopSimBenchReference",
            cSettings: [.unsafeFlags(["-O3", "-ffp-contract=off"])]
        ),
        // The batch kernel again, built for the CPU the bench runs on, and the Swift batch loop likewise:
        // the bench's "built for this CPU" row.
        .target(
            name: "CPopSimBenchNative",
            dependencies: ["CPopSimBenchReference"],
            path: "Benchmarks/CPopSimBenchNative",
            cSettings: [.unsafeFlags(["-O3", "-march=native", "-ffp-contract=off"])]
        ),
        .target(
            name: "PopSimBenchNative",
            dependencies: ["PopSimDynamics"],
            path: "Benchmarks/PopSimBenchNative",
            swiftSettings: [.unsafeFlags(["-target-cpu", "native"])]
        ),
        // malloc & co. interposed and counted (glibc; stubs elsewhere); linked into the bench executable only.
        .target(name: "CPopSimAllocationCounter", path: "Benchmarks/CPopSimAllocationCounter"),
        // Valgrind callgrind's client requests as functions, for `bench --counts`: built with Debian's valgrind
        // headers where Scripts/bootstrap.sh installed them, no-ops without them (never vendored).
        .target(name: "CPopSimCallgrind", path: "Benchmarks/CPopSimCallgrind"),
        // `swift run -c release bench`: one suite file per module under Benchmarks/PopSimBench/Suites/.
        .executableTarget(
            name: "PopSimBench",
            dependencies: [
                "FrameBench", "FrameBenchRunner", "PopSimDynamics", "PopSimGestures", "PopSimInteractions",
                "PopSimGeometry",
                "PopSimSweeps", "PopSimCommands", "PopSimPlatform", "CPopSimBenchReference", "CPopSimBenchNative",
                "PopSimBenchNative", "CPopSimAllocationCounter", "CPopSimCallgrind",
            ],
            path: "Benchmarks/PopSimBench"
        ),

        // Each test target declares exactly the modules it imports (Scripts/check-imports.swift), and the
        // executables whose built binary it runs.
        .testTarget(
            name: "PopSimDynamicsTests",
            dependencies: ["PopSimDynamics", "PopSimGeometry", "PopSimPlatform", "PopSimRandom", "CPopSimGSL"]),
        .testTarget(
            name: "PopSimInteractionsTests",
            dependencies: [
                "PopSimInteractions", "PopSimDynamics", "PopSimRandom", "PopSimGestures", "PopSimGeometry",
                "PopSimTextIO",
                "PopSimPlatform",
            ]),
        .testTarget(
            name: "PopSimSweepsTests",
            dependencies: [
                "PopSimSweeps", "PopSimInteractions", "PopSimGestures", "PopSimGeometry", "PopSimParameters",
            ]),
        .testTarget(name: "PopSimParametersTests", dependencies: ["PopSimParameters"]),
        .testTarget(name: "PopSimTextIOTests", dependencies: ["PopSimTextIO", "PopSimPlatform", "PopSimTestSupport"]),
        .testTarget(
            name: "PopSimGesturesTests", dependencies: ["PopSimGestures", "PopSimGeometry", "PopSimParameters"]),
        .testTarget(
            name: "PopSimTestingTests",
            dependencies: ["PopSimTesting", "PopSim", "PopSimCLI", "PopSimTestSupport", "PopSimPlatform"]),
        // Runs the built executables from the CLI tests (a library, not a test target, so several test
        // targets can share it).
        .target(name: "PopSimTestSupport", dependencies: ["PopSimPlatform"], path: "Tests/PopSimTestSupport"),
        .testTarget(
            name: "PopSimCLITests",
            dependencies: [
                "PopSimCommands", "PopSimCLI", "PopSimTestSupport", "PopSimTesting", "PopSimSweeps",
                "PopSimInteractions", "PopSimGestures", "PopSimParameters", "PopSimTextIO", "PopSimPlatform",
            ]),
        .testTarget(name: "FrameBenchTests", dependencies: ["FrameBench", "PopSimRandom"]),
        .testTarget(
            name: "FrameBenchRunnerTests",
            dependencies: ["FrameBenchRunner", "FrameBench", "PopSimParameters", "PopSimTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
