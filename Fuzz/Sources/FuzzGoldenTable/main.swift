@testable import PopSimCommands
import PopSimSweeps

/// Any bytes as a golden decision table: the reader either refuses it with a located error or
/// accepts a table whose recorded command is then parsed as `popsim check` parses it (a sweep and
/// nothing else, never run here), and which compares equal to itself.
func fuzzGoldenTable(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    let text = String(decoding: bytes, as: UTF8.self)
    let golden: GoldenDecisionTable
    do {
        golden = try GoldenDecisionTable(text: text, source: "fuzz")
    } catch {
        precondition(error.isMalformed, "text in memory is never unreadable: \(error)")
        _ = error.description
        return 0
    }
    _ = golden.versionNote()
    let comparison = golden.comparison(with: golden)
    precondition(comparison.isUnchanged, "a table compares equal to itself: \(comparison)")
    do {
        _ = try GoldenRerun.parse(golden)
    } catch {
        precondition(error.isMalformed, "a recorded command that cannot run is a malformed golden: \(error)")
        _ = error.description
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzGoldenTable(UnsafeBufferPointer(start: data, count: size))
}
