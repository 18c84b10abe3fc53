import PopSim

@testable import PopSimSweeps

/// Any bytes as a golden decision table: the reader either refuses it with a located error or
/// accepts a table whose recorded command is then decoded as `popsim check` decodes it (a sweep and
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
    let words: [String]
    do {
        words = try GoldenCheck.recordedWords(golden.header)
    } catch {
        precondition(error.isMalformed, "a recorded command that cannot run is a malformed golden: \(error)")
        _ = error.description
        return 0
    }
    decodeSweep(family: words[2], flags: Array(words.dropFirst(3)))
    return 0
}

/// The recorded flags decode to a sweep of the named family or are refused with a parameter error.
func decodeSweep(family: String, flags: [String]) {
    let result: Result<String, ParameterError>
    if family == PopoverFamily.name {
        result = Result { () throws(ParameterError) in try Sweep<PopoverFamily>(.sweep, words: flags).text }
    } else {
        result = Result { () throws(ParameterError) in try Sweep<PopupFamily>(.sweep, words: flags).text }
    }
    if case let .failure(error) = result { _ = error.description }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzGoldenTable(UnsafeBufferPointer(start: data, count: size))
}
