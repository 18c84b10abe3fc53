import PopSimInteractions
import PopSimParameters
import PopSimPlatform
import PopSimTextIO

/// What `popsim sweep … --golden` writes first: the line that records the sweep, so that `popsim check`
/// can rerun it from the golden alone. A pipeline's profile is always recorded, the default too
/// (``Sweep/recordingProfile(_:)``): a golden that records none was written before 0.4.0 and means the
/// min-jerk drag (``PipelineSettings/unrecordedProfile``). Refused up front (a usage error, before
/// anything runs) when the golden could not be checked:
///
/// - a frame-times file is recorded relative to the golden's own folder, with its SHA-256, because
///   `check` reads it from there and nowhere else (``ConfinedFolder``): the golden must therefore be
///   written to a file (`--output`), the frame-times file must be a regular file in the golden's folder
///   or below it, and not standard input;
/// - the line must read back as the same sweep: a value holding a control character (a path with a
///   newline, ESC or BEL) cannot be written on one line of text, and is refused.
public enum GoldenRecording {
    /// The first line for a golden of `sweep` written to `goldenPath` (nil or `-`: standard output).
    public static func firstLine<Family: ModelFamily>(for sweep: Sweep<Family>, goldenPath: String?)
        throws(ParameterError) -> String
    {
        var recorded = try sweep.recordingProfile()
        if let timing = sweep.pipelineSettings?.timing, let framePath = timing.frameTimesPath {
            let flag = FrameTimingParameter.frameTimes.flag
            guard framePath != "-" else {
                throw ParameterError(
                    "\(flag) -: a golden records its frame-times file, which check reads from the golden's folder; "
                        + "save the frame times to a file there and give its path")
            }
            guard let goldenPath, goldenPath != "-" else {
                throw ParameterError(
                    "a golden that reads a \(flag) file records its path relative to the golden's own folder: "
                        + "write the golden to a file with --output GOLDEN.csv")
            }
            let relative = try pathInside(goldenFolderOf: goldenPath, framePath, flag: flag)
            let digest = timing.frameTimesFile?.digest ?? timing.frameTimesDigest ?? ""
            recorded = try recorded.recording(frameTimesAt: relative, digest: digest)
        }
        let line = GoldenHeader.firstLine(recordedCommand: recorded.text)
        if line.dropLast().unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw ParameterError(
                "a value of this sweep holds a control character (a newline, ESC, BEL…), which a golden's "
                    + "first line cannot hold as text and check could not read back: rename the file or "
                    + "change the value")
        }
        do {
            let header = try GoldenHeader(firstLine: String(line.dropLast()), headerLine: "outcome", source: "")
            _ = try GoldenCheck.recordedWords(header)
            _ = try Sweep<Family>(text: header.recordedCommand)
        } catch {
            throw ParameterError("the sweep cannot be recorded in a golden that check reads back: \(error)")
        }
        return line
    }

    /// `path` relative to the folder of the golden at `goldenPath`, both with their links resolved;
    /// refused unless it is a regular file in that folder or below it.
    static func pathInside(goldenFolderOf goldenPath: String, _ path: String, flag: String) throws(ParameterError)
        -> String
    {
        let quoted = "'\(DiagnosticText.excerpt(path, limit: DiagnosticText.pathLimit))'"
        let folder: ConfinedFolder
        do { folder = try ConfinedFolder(containing: goldenPath, namer: goldenPath) } catch {
            throw ParameterError("--output \(error.description)")
        }
        guard let resolved = Platform.resolvedPath(path),
            case .success(let status) = Platform.status(path: resolved), status.type == .regular
        else {
            throw ParameterError("\(flag) \(quoted): a golden records only a regular file; give one")
        }
        let prefix = folder.path == "/" ? "/" : folder.path + "/"
        guard resolved.hasPrefix(prefix), resolved.count > prefix.count else {
            throw ParameterError(
                "\(flag) \(quoted) is outside the golden's folder "
                    + "(\(DiagnosticText.excerpt(folder.path, limit: DiagnosticText.pathLimit))), from which check "
                    + "reads it: move the file into that folder (or below it), or write the golden beside it")
        }
        return String(resolved.dropFirst(prefix.count))
    }
}
