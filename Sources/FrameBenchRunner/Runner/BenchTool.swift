import Foundation

/// The executable a runner is: its product (what `swift build --product` builds, and what the debug
/// guard rebuilds in release), the heading of its text report and the first line of its help. A
/// runner built into another executable reports under that executable's name, never `bench`'s.
public struct BenchTool: Sendable, Equatable {
    /// The product's name, e.g. `bench`.
    public var product: String
    /// The report's heading, e.g. `PopSim bench`.
    public var title: String
    /// The help's first line.
    public var summary: String

    public init(product: String, title: String? = nil, summary: String? = nil) {
        self.product = product
        self.title = title ?? product
        self.summary = summary ?? "\(product): frame-budget benchmarks, with references and baselines."
    }

    /// The product of the executable at `path`: its file name (`.build/release/mybench` is `mybench`).
    public static func product(ofExecutableAt path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? "bench" : name
    }

    /// The running executable's path: `/proc/self/exe` where there is one, else the first argument.
    public static var runningExecutablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The running executable, with a heading and help line of its own.
    public static func running(title: String? = nil, summary: String? = nil) -> BenchTool {
        BenchTool(product: product(ofExecutableAt: runningExecutablePath), title: title, summary: summary)
    }
}
