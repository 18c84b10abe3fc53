import Foundation
import FrameBench
import PopSimTextIO

/// Saved runs under `.bench/` in the current directory (ignored by git): `.bench/NAME.json` holds the
/// whole ``RunReport`` of the run, raw samples included, so a later run can test its samples against
/// them. Written atomically (a failed save never leaves a partial baseline).
public struct BaselineStore: Sendable {
    public let directory: String

    public init(directory: String = ".bench") {
        self.directory = directory
    }

    /// Letters, digits, '.', '_' and '-', not starting with '.', at most 100 characters.
    public static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= 100, !name.hasPrefix(".") else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            (scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar))) || scalar == "." || scalar == "_"
                || scalar == "-"
        }
    }

    public func path(for name: String) -> String { "\(directory)/\(name).json" }

    public func save(_ report: RunReport, as name: String) throws(BenchError) {
        guard Self.isValidName(name) else { throw .invalidBaselineName(name) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: directory, reason: error.localizedDescription)
        }
        let text = ReportEncoding.json(report, includeSamples: true)
        do {
            let sink = try AtomicFileSink(path: path(for: name))
            try sink.write(text)
            try sink.finish()
        } catch {
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
    }

    public func load(_ name: String) throws(BenchError) -> RunReport {
        guard Self.isValidName(name) else { throw .invalidBaselineName(name) }
        let path = path(for: name)
        guard FileManager.default.fileExists(atPath: path) else { throw .baselineNotFound(name: name, path: path) }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .baselineUnreadable(path: path, reason: error.localizedDescription)
        }
        let report: RunReport
        do { report = try ReportEncoding.decoder().decode(RunReport.self, from: data) } catch {
            throw .baselineUnreadable(path: path, reason: "not a bench report (\(error))")
        }
        guard report.schema == RunReport.currentSchema else {
            throw .baselineUnreadable(
                path: path, reason: "schema \(report.schema), this bench writes \(RunReport.currentSchema)")
        }
        return report
    }
}
