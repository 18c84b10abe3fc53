import Foundation
import PopSim
import PopSimTextIO

/// Any bytes as a golden file, through `popsim check`'s whole path (``GoldenCheck/run(path:jobs:rerunOutput:)``):
/// read line by line, the recorded command decoded, the rows counted against the recorded grid, and
/// the sweep rerun and compared. Oracles: it ends (never crashes, never hangs: the rerun is bounded by
/// the rows the input holds) with a comparison or one of the errors `check` reports. A recorded
/// `--trials` is skipped: its cost per row is its count, not the input's size.
let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "popsim-fuzz-check-\(ProcessInfo.processInfo.processIdentifier).csv"
).path

func fuzzCheck(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    let text = String(decoding: bytes, as: UTF8.self)
    if text.contains("--trials") { return 0 }
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return 0 }
    do {
        let rerun = StringSink()
        let result = try GoldenCheck.run(path: path, jobs: 1, rerunOutput: rerun)
        _ = result.comparison.description
        _ = result.header.versionNote()
        precondition(
            result.comparison.structuralChange != nil || result.comparison.total > 0 || rerun.text.isEmpty == false,
            "a check compares rows or reports a changed grid")
    } catch let error as GoldenTableError {
        _ = error.description
    } catch is ParameterError {
    } catch let error as InputError {
        _ = error.description
    } catch {
        preconditionFailure("check fails only with a golden, parameter or input error: \(error)")
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzCheck(UnsafeBufferPointer(start: data, count: size))
}
