// swift-tools-version:6.0
// An app team's package that guards the feel of its sheets with PopSim: its own Popovers
// drag-to-dismiss configuration, a golden decision table it ships, flick checks at 60 and 120 Hz and
// an LNPopupController snap-close boundary. In your own package, depend on a checkout of PopSim
// (named, for a folder not called PopSim: .package(name: "PopSim", path: "…")) or on its repository's
// main branch, .package(url: <PopSim's URL>, branch: "main"); it has no release tags yet.
import PackageDescription

let package = Package(
    name: "ThresholdGuard",
    dependencies: [
        // Named: the repository's folder need not be called PopSim.
        .package(name: "PopSim", path: "../..")
    ],
    targets: [
        .target(name: "ThresholdGuard", dependencies: [.product(name: "PopSim", package: "PopSim")]),
        // The golden tables are read by path (fixturePath), not built: excluded, so `swift test` does
        // not warn about unhandled files.
        .testTarget(
            name: "ThresholdGuardTests",
            dependencies: [
                "ThresholdGuard",
                .product(name: "PopSimTesting", package: "PopSim"),
            ], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
