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
        // Points, vectors, sizes and rectangles with CoreGraphics semantics.
        .target(name: "Geometry"),
        // Streaming text input and atomic output: line reader, CSV number format, output sinks.
        .target(name: "TextIO"),
        // Springs, rubber bands, deceleration; closed form, exact propagator, GSL ODE integration.
        .target(name: "Dynamics", dependencies: ["CGSL", "Geometry"]),
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

        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "CGSL"]),
        .testTarget(name: "InteractionsTests", dependencies: ["Interactions"]),
        .testTarget(name: "SweepsTests", dependencies: ["Sweeps"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(name: "TextIOTests", dependencies: ["TextIO"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "Geometry", "TextIO"]),
        .testTarget(name: "PopSimCLITests", dependencies: ["PopSimCommands", "popsim"]),
    ],
    swiftLanguageModes: [.v6]
)
