import Foundation
import FrameBench
import PopSimTextIO

/// `--trace-dir DIR`: the per-frame work of each frame-loop scenario as CSV, for plotting
/// (`DIR/<group>-<name>-<rate>hz.csv`, header `frame,work_ns,wall_ns,overrun_ns,missed_vsyncs,hitch_ns`; work is
/// min(wall, thread CPU time), overrun and hitches are of the work).
public struct TraceWriter: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// A file name from an identifier: lower case, runs of anything but letters and digits become '-'.
    public static func slug(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII && CharacterSet.alphanumerics.contains(scalar) {
                if pendingDash && !result.isEmpty { result.append("-") }
                result.unicodeScalars.append(scalar)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return result.isEmpty ? "scenario" : result
    }

    public func path(for id: String, rate: RefreshRate) -> String {
        "\(directory)/\(Self.slug(id))-\(rate.hertz)hz.csv"
    }

    public static func csv(work: [Int], wallClock: [Int], rate: RefreshRate) -> String {
        var text = "frame,work_ns,wall_ns,overrun_ns,missed_vsyncs,hitch_ns\n"
        let budget = rate.budgetNanoseconds
        for (frame, d) in work.enumerated() {
            let vsyncs = HitchAnalysis.missedVsyncs(workNanoseconds: d, rate: rate)
            let overrun = formatNumber(Double(d) - budget)
            let hitch = formatNumber(Double(vsyncs) * budget)
            text += "\(frame),\(d),\(wallClock[frame]),\(overrun),\(vsyncs),\(hitch)\n"
        }
        return text
    }

    public func write(id: String, rate: RefreshRate, times: Sampler.FrameTimes) throws(BenchError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: directory, reason: error.localizedDescription)
        }
        let path = path(for: id, rate: rate)
        do {
            let sink = try AtomicFileSink(path: path)
            try sink.write(Self.csv(work: times.work, wallClock: times.wallClock, rate: rate))
            try sink.finish()
        } catch {
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
    }
}
