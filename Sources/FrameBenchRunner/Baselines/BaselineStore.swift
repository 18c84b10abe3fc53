import Foundation
import FrameBench
import PopSimTextIO

/// Where `--save-baseline` writes a run and `--compare` reads one: a name, kept as `.bench/NAME.json` in
/// the current directory (ignored by git), or a path to a file anywhere (a value with a '/' or ending in
/// `.json`; relative paths are from the current directory), so a CI job can keep baselines where it
/// likes and compare from any folder.
public enum BaselineLocation: Sendable, Equatable, CustomStringConvertible {
    case named(String)
    case file(String)

    /// The directory that holds named baselines, relative to the current directory.
    public static let directory = ".bench"

    /// A name or a path, as `--save-baseline` and `--compare` take it.
    public init(_ text: String) throws(BenchError) {
        if text.contains("/") || text.hasSuffix(".json") {
            self = .file(text)
        } else {
            guard Self.isValidName(text) else { throw .invalidBaselineName(text) }
            self = .named(text)
        }
    }

    /// Letters, digits, '.', '_' and '-', not starting with '.', at most 100 characters.
    public static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= 100, !name.hasPrefix(".") else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            (scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar))) || scalar == "." || scalar == "_"
                || scalar == "-"
        }
    }

    /// The file it denotes.
    public var path: String {
        switch self {
        case let .named(name): return "\(Self.directory)/\(name).json"
        case let .file(path): return path
        }
    }

    /// How reports name it: the name, or the path.
    public var description: String {
        switch self {
        case let .named(name): return name
        case let .file(path): return path
        }
    }
}

/// Saved runs: each file holds the whole ``RunReport`` of a run, raw samples included, so a later run
/// can test its samples against them. Written atomically (a failed save never leaves a partial
/// baseline).
public enum BaselineStore {
    public static func save(_ report: RunReport, to location: BaselineLocation) throws(BenchError) {
        let path = location.path
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotWrite(path: directory, reason: error.localizedDescription)
            }
        }
        let text = ReportEncoding.json(report, includeSamples: true)
        do {
            let sink = try AtomicFileSink(path: path)
            try sink.write(text)
            try sink.finish()
        } catch {
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
    }

    public static func load(_ location: BaselineLocation) throws(BenchError) -> RunReport {
        let path = location.path
        guard FileManager.default.fileExists(atPath: path) else { throw .baselineNotFound(location) }
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
