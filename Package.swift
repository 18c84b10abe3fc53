// swift-tools-version:6.0
// PopSim: headless physics of gesture-driven iOS UI. GPL-3.0-or-later (links GSL).
import PackageDescription

let package = Package(
    name: "PopSim",
    products: [
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .executable(name: "popsim", targets: ["popsim"]),
    ],
    targets: [
        // Stage 0: GNU Scientific Library, through pkg-config (Debian: libgsl-dev).
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"]), .brew(["gsl"])]
        ),
        // libm functions Swift's Glibc module does not export (sincos).
        .target(name: "CLibm"),
        // Points, vectors, sizes and rectangles with CoreGraphics semantics.
        .target(name: "Geometry"),
        // Streaming text input and atomic output: line reader, CSV number format, output sinks.
        .target(name: "TextIO"),
        // Springs, rubber bands, deceleration; closed form, exact propagator, GSL ODE integration.
        .target(name: "Dynamics", dependencies: ["CGSL", "CLibm", "Geometry"]),
        // Touch streams: samples, synthesis, digitiser model, release-velocity estimators.
        .target(name: "Gestures", dependencies: ["Geometry", "TextIO"]),
        // Interaction models on a frame clock: the display-link driver, spring tracks, Popovers, LNPopupController.
        .target(name: "Interactions", dependencies: ["Dynamics", "Gestures", "Geometry", "TextIO"]),
        // Decision-map sweeps: grid axes, shards, deterministic parallel evaluation.
        .target(name: "Sweeps"),
        // Hand-written command-line parsing (what swift-argument-parser would do, small).
        .target(name: "ArgumentParsing"),
        // The `popsim` subcommands, as a library so tests can reach them.
        .target(name: "PopSimCommands", dependencies: ["ArgumentParsing", "TextIO", "Dynamics", "Gestures", "Interactions", "Sweeps"]),
        .executableTarget(name: "popsim", dependencies: ["PopSimCommands"]),

        // The frame-budget benchmark harness (timing, statistics, budgets, baselines, reports).
        .target(name: "FrameBench", dependencies: ["ArgumentParsing", "TextIO"]),
        // C reference kernels, measured side by side with the Swift hot paths (references only).
        // -ffp-contract=off: Swift never fuses multiply-adds, so the kernels do the same IEEE operations.
        .target(
            name: "CBenchReference",
            dependencies: ["CGSL"],
            path: "Benchmarks/CBenchReference",
            cSettings: [.unsafeFlags(["-O3", "-march=native", "-ffp-contract=off"])]
        ),
        // malloc & co. interposed and counted; linked into the bench executable only.
        .target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"),
        // `swift run -c release bench`: one suite file per module under Benchmarks/bench/Suites/.
        .executableTarget(
            name: "bench",
            dependencies: ["FrameBench", "Dynamics", "Gestures", "Interactions", "Geometry", "CBenchReference", "CAllocationCounter"],
            path: "Benchmarks/bench"
        ),

        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "CGSL"]),
        .testTarget(name: "InteractionsTests", dependencies: ["Interactions"]),
        .testTarget(name: "SweepsTests", dependencies: ["Sweeps"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(name: "TextIOTests", dependencies: ["TextIO"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "Geometry", "TextIO"]),
        // Runs the built executables from the CLI tests (a library, not a test target, so two test
        // targets can share it).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "PopSimCLITests", dependencies: ["PopSimCommands", "popsim", "TestSupport"]),
        .testTarget(name: "FrameBenchTests", dependencies: ["FrameBench", "ArgumentParsing", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
