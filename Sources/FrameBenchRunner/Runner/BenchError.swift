import FrameBench
import PopSimTextIO

/// Why the bench could not do what was asked. Each message names the input and the fix.
public enum BenchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A benchmark's, reference's or scenario's setup threw.
    case setupFailed(id: String, reason: String)
    /// A workload threw while it was being timed (e.g. a solver failure).
    case runFailed(id: String, reason: String)
    /// `--compare` named a baseline that does not exist.
    case baselineNotFound(BaselineLocation)
    /// A baseline file exists but cannot be read as a bench report.
    case baselineUnreadable(path: String, reason: String)
    /// A baseline name with characters that do not belong in a file name.
    case invalidBaselineName(String)
    /// A file or directory could not be written.
    case cannotWrite(path: String, reason: String)
    /// `--counts` cannot run here: what is missing and how to get it.
    case countingUnavailable(String)
    /// `--ab` cannot run the other build, or it failed.
    case abUnavailable(String)

    public var description: String {
        switch self {
        case let .setupFailed(id, reason):
            return "setting up '\(id)' failed: \(reason)"
        case let .runFailed(id, reason):
            return "'\(id)' failed while being timed: \(reason)"
        case let .baselineNotFound(.named(name)):
            return
                "no baseline named '\(DiagnosticText.excerpt(name))' (looked for "
                + "\(BaselineLocation.named(name).path) in the current directory): "
                + "save one first with \(BenchOptions.saveBaselineParameter.flag) \(name), or give \(BenchOptions.compareParameter.flag) the path of a saved baseline"
        case let .baselineNotFound(.file(path)):
            return
                "no baseline at '\(DiagnosticText.excerpt(path))': "
                + "save one first with \(BenchOptions.saveBaselineParameter.flag) \(path)"
        case let .baselineUnreadable(path, reason):
            return
                "cannot read baseline \(path): \(reason); save it again with \(BenchOptions.saveBaselineParameter.flag)"
        case let .invalidBaselineName(name):
            return
                "invalid baseline name '\(DiagnosticText.excerpt(name))': use letters, digits, '.', "
                + "'_' and '-', not starting with '.' (or a path: one with a '/', or ending in .json)"
        case let .cannotWrite(path, reason):
            return "cannot write \(path): \(reason)"
        case let .countingUnavailable(what):
            return "\(BenchOptions.countsParameter.flag) cannot count instructions: \(what)"
        case let .abUnavailable(what):
            return "\(BenchOptions.abParameter.flag): \(what)"
        }
    }
}
