// swift-tools-version:5.3
// PopSim's libFuzzer targets: a package of its own, so the ordinary `swift build` never sees them.
// Build and run with Scripts/fuzz.sh TARGET [SECONDS] (see Documentation/reliability.md).
//
// Every target is built with `-sanitize=fuzzer,address -parse-as-library -enable-testing`, which
// Scripts/fuzz.sh passes to the whole build: PopSim's own modules are instrumented for coverage and
// AddressSanitizer too, the harnesses may reach internal API with `@testable import`, and libFuzzer's
// `main` calls each target's `LLVMFuzzerTestOneInput`. Tools version 5.3, as swift-protobuf's
// FuzzTesting: a plain target with a main.swift is an executable whose entry point SwiftPM leaves
// alone (later tools versions rename it, which libFuzzer's `main` cannot coexist with).
import Foundation
import PackageDescription

// A path dependency is identified by its directory's name, which differs between checkouts.
let popsim = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "PopSimFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // The touch-stream CSV reader, and the estimators that consume what it accepts.
        .target(name: "FuzzTouchStream", dependencies: [.product(name: "PopSim", package: popsim)]),
        // The bounded line reader, with a small line limit and buffer so every limit is reachable.
        .target(name: "FuzzLineReader", dependencies: [.product(name: "PopSim", package: popsim)]),
        // Decoding words against every parameter list `popsim` is made of, and building (deciding) the values.
        .target(name: "FuzzArguments", dependencies: [.product(name: "PopSim", package: popsim)]),
        // The golden decision table reader and the recorded command's parse.
        .target(name: "FuzzGoldenTable", dependencies: [.product(name: "PopSimTesting", package: popsim)]),
        // A golden file through `popsim check`'s whole path: read, decoded, counted, rerun, compared.
        .target(name: "FuzzCheck", dependencies: [.product(name: "PopSim", package: popsim)]),
    ]
)
