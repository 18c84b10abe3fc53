import PopSimPlatform
import PopSimTextIO

/// A file (written to an unlinked temporary file, read through a descriptor) read by a line reader
/// whose limit and buffer are set by the first two bytes, so lines near the limit, buffers that must
/// grow and lines cut across many reads are all reached with small inputs. Oracle: without an error,
/// the lines are exactly the input split at "\n" with one trailing "\r" removed; with one, some line
/// really is longer than the limit or holds a NUL byte, and the error names its line.
func fuzzLineReader(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    guard bytes.count >= 2 else { return 0 }
    let lineLimit = Int(bytes[0] % 64) + 1
    let bufferSize = Int(bytes[1] % 32) + 1
    let content = Array(bytes.dropFirst(2))

    guard case let .success(file) = Platform.createUniqueFile(template: "/tmp/.popsim-fuzz-lines.XXXXXX") else {
        return 0
    }
    let descriptor = file.descriptor
    Platform.removeFile(file.path)
    let written = content.withUnsafeBytes { Platform.write(descriptor, $0.baseAddress!, $0.count) }
    precondition(written == content.count || content.isEmpty, "the temporary file takes the whole input")
    Platform.seek(descriptor, to: 0)

    var expected = content.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
        line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : Array(line)
    }
    if content.isEmpty || content.last == UInt8(ascii: "\n") { expected.removeLast() }

    let reader = LineReader(descriptor: descriptor, name: "fuzz", lineLimit: lineLimit, bufferSize: bufferSize)
    var lines: [String] = []
    do {
        while let line = try reader.nextLine() {
            precondition(
                line.utf8.count <= lineLimit * 3, "a line is at most the limit in bytes (replacement characters aside)")
            lines.append(line)
        }
    } catch {
        let index = (error.line ?? 0) - 1
        precondition(
            expected.indices.contains(index) && (expected[index].count > lineLimit || expected[index].contains(0)),
            "an error names a line longer than the limit or holding a NUL byte: \(error)")
        precondition(lines.count == index, "the lines before the long one were returned")
        return 0
    }
    precondition(lines == expected.map { String(decoding: $0, as: UTF8.self) }, "the lines are the input's")
    precondition(reader.lineNumber == expected.count, "lines are counted from 1")
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzLineReader(UnsafeBufferPointer(start: data, count: size))
}
