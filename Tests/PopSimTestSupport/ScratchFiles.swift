import Foundation

/// Fresh directories, files and endpoints for the tests that write outputs.
public enum ScratchFiles {
    /// A fresh empty directory.
    public static func directory(prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A file `name` holding `text` in a fresh directory; its path.
    public static func file(_ name: String, _ text: String, prefix: String) throws -> String {
        let path = try directory(prefix: prefix).appendingPathComponent(name).path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// The entries of `directory`, sorted.
    public static func names(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}
