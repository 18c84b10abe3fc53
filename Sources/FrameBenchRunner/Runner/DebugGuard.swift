import Foundation
import FrameBench
import PopSimPlatform

/// Keeps a debug build from printing its numbers as if they were real: an unoptimised build is many
/// times slower and its ratios to the -O3 C references mean nothing. google/swift-benchmark refuses a
/// debug build unless `--allow-debug-build` (Documentation/benchmarking.md §1); a runner goes one step
/// further and, when it can find its package, builds the release build of the running executable's own
/// product (its file name: `bench`, or whatever another executable is called) and runs it with the
/// same arguments, saying so on stderr. `--allow-debug` runs the debug build anyway (the report is then
/// marked), and `POPSIM_BENCH_NO_RELAUNCH=1` turns the relaunch into a refusal that prints the command
/// to run.
public enum DebugGuard {
    public static let noRelaunchVariable = "POPSIM_BENCH_NO_RELAUNCH"

    public enum Decision: Equatable, Sendable {
        /// Run this process's benchmarks.
        case proceed
        /// Build `product` in release in the package at `packageRoot` (scratch directory
        /// `buildDirectory`) and exec it.
        case relaunch(packageRoot: String, buildDirectory: String, product: String)
        /// Print the message and exit with status 1.
        case refuse(String)
    }

    /// - Parameters:
    ///   - executablePath: this process's executable (`/proc/self/exe`), e.g.
    ///     `/src/PopSim/.build/x86_64-unknown-linux-gnu/debug/bench`; its file name is the product.
    ///   - isPackageRoot: whether a directory holds a `Package.swift`.
    public static func decide(
        isDebugBuild: Bool, allowDebug: Bool, arguments: [String], executablePath: String,
        environment: [String: String], isPackageRoot: (String) -> Bool
    ) -> Decision {
        guard isDebugBuild, !allowDebug else { return .proceed }
        let product = BenchTool.product(ofExecutableAt: executablePath)
        if environment[noRelaunchVariable] == "1" { return .refuse(refusal(arguments, product: product)) }
        // The package is the parent of the `.build` directory the executable sits in.
        var components = executablePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        while let last = components.popLast() {
            if last == ".build" {
                let root = components.joined(separator: "/")
                let rootPath = root.isEmpty ? "/" : root
                if isPackageRoot(rootPath) {
                    return .relaunch(
                        packageRoot: rootPath, buildDirectory: rootPath == "/" ? "/.build" : rootPath + "/.build",
                        product: product)
                }
                break
            }
        }
        return .refuse(refusal(arguments, product: product))
    }

    /// The exact command that runs the same benchmarks in a release build of `product`.
    public static func releaseCommand(_ arguments: [String], product: String) -> String {
        (["swift", "run", "-c", "release", product] + arguments.map(shellQuoted)).joined(separator: " ")
    }

    static func refusal(_ arguments: [String], product: String) -> String {
        "this \(product) was built in debug configuration, whose timings are not representative; run\n"
            + "    \(releaseCommand(arguments, product: product))\n"
            + "(or pass \(BenchOptions.allowDebugParameter.flag) to time this debug build anyway; its report is marked as such)"
    }

    /// A word as a POSIX shell reads it back: unchanged when it is made only of safe characters, else in
    /// single quotes.
    public static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
        if !word.isEmpty && word.allSatisfy({ safe.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Builds `product` in release and replaces this process with it. Returns only on failure, with the
    /// reason.
    public static func relaunch(packageRoot: String, buildDirectory: String, product: String, arguments: [String])
        -> String
    {
        let executable = buildDirectory + "/release/" + product
        FileHandle.standardError.write(
            Data(
                """
                \(product): this is a debug build, whose timings would be misleading; building and running the release \
                build instead:
                    swift build -c release --product \(shellQuoted(product)) --package-path \(shellQuoted(packageRoot))
                    \(shellQuoted(executable)) \(arguments.map(shellQuoted).joined(separator: " "))
                (pass \(BenchOptions.allowDebugParameter.flag) to time the debug build anyway)

                """.utf8))
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = [
            "swift", "build", "-c", "release", "--product", product, "--package-path", packageRoot,
            "--scratch-path", buildDirectory,
        ]
        build.standardOutput = FileHandle.standardError
        do {
            try build.run()
        } catch {
            return "could not start 'swift build' (\(error)); " + refusal(arguments, product: product)
        }
        build.waitUntilExit()
        guard build.terminationStatus == 0 else {
            return "'swift build -c release --product \(product)' failed with status \(build.terminationStatus); "
                + refusal(arguments, product: product)
        }
        let reason = Platform.replaceProcess(executable: executable, arguments: arguments)
        return "could not run \(executable) (\(reason)); " + refusal(arguments, product: product)
    }
}
