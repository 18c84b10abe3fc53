import Foundation
import FrameBench
import PopSimPlatform

/// The machine and build the numbers come from (google/benchmark's `context` block; Documentation/benchmarking.md
/// §1): numbers without it cannot be compared.
public struct EnvironmentInfo: Codable, Sendable, Equatable {
    public var cpuModel: String
    public var logicalCPUs: Int
    /// cpufreq scaling governor of cpu0, or why it is unknown.
    public var governor: String
    /// 1, 5 and 15 minute load averages when the run started and ended.
    public var loadAverageStart: [Double]
    public var loadAverageEnd: [Double]
    public var kernel: String
    public var swiftVersion: String
    /// "release" or "debug".
    public var buildConfiguration: String
    public var clock: String
    public var clockResolutionNanoseconds: Double
    /// One clock read, ns, subtracted from every sample.
    public var clockOverheadNanoseconds: Double
    /// How frame loops are timed.
    public var frameClock: String = ""
    /// The cost of timing an empty frame on the thread's CPU clock (a system call), ns: the resolution
    /// of one frame's work, below which a change of a frame loop cannot be told (nil in older reports).
    public var frameClockOverheadNanoseconds: Double?
    public var allocationCounting: String
    /// How instructions were counted (`--counts`; nil otherwise).
    public var instructionCounting: String?
    /// Entries the suites add (GSL version, reference compiler flags), in order.
    public var extra: [KeyValue]
    /// UTC, ISO 8601.
    public var date: String

    public struct KeyValue: Codable, Sendable, Equatable {
        public var key: String
        public var value: String

        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The build configuration the runner and the code it times were built in (``BuildConfiguration``).
    public static var isDebugBuild: Bool { BuildConfiguration.isDebug }

    /// The compiler that built the harness, to patch level where the ladder knows it.
    public static var swiftVersion: String {
        #if compiler(>=6.5)
            return "6.5 or later"
        #elseif compiler(>=6.4)
            return "6.4"
        #elseif compiler(>=6.3.2)
            return "6.3.2"
        #elseif compiler(>=6.3.1)
            return "6.3.1"
        #elseif compiler(>=6.3)
            return "6.3"
        #elseif compiler(>=6.2)
            return "6.2"
        #elseif compiler(>=6.1)
            return "6.1"
        #else
            return "6.0"
        #endif
    }

    public static func loadAverage() -> [Double] {
        var values = [Double](repeating: 0, count: 3)
        let count = values.withUnsafeMutableBufferPointer { getloadavg($0.baseAddress!, 3) }
        return count == 3 ? values : []
    }

    /// Reads what the machine says about itself; unreadable entries say so instead of guessing.
    public static func collect(
        clockOverhead: Double, allocationCounter: AllocationCounter?,
        extra: [KeyValue]
    ) -> EnvironmentInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown (no model name in /proc/cpuinfo)"
        let governorPath = "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"
        let governor =
            (try? String(contentsOfFile: governorPath, encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "not readable (no \(governorPath); virtual machine?)"
        let counting: String
        if let allocationCounter {
            if allocationCounter.isLive {
                counting = allocationCounter.method
            } else if allocationCounter.method == AllocationCounter.unavailableMethod {
                counting = AllocationCounter.unavailableMethod
            } else {
                counting = "not counted: \(allocationCounter.method) is not live in this process"
            }
        } else {
            counting = "not counted (no allocation counter linked)"
        }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return EnvironmentInfo(
            cpuModel: model,
            logicalCPUs: ProcessInfo.processInfo.activeProcessorCount,
            governor: governor,
            loadAverageStart: loadAverage(),
            loadAverageEnd: [],
            kernel: Platform.kernelDescription,
            swiftVersion: swiftVersion,
            buildConfiguration: isDebugBuild ? "debug" : "release",
            clock: MonotonicClock.name,
            clockResolutionNanoseconds: Double(MonotonicClock.resolution),
            clockOverheadNanoseconds: clockOverhead,
            allocationCounting: counting,
            extra: extra,
            date: formatter.string(from: Date()))
    }
}
