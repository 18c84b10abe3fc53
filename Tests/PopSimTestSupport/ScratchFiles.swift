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

    /// A UNIX stream socket bound to `path` and listening, or nil when either step fails; the caller
    /// closes the descriptor.
    public static func listeningSocket(at path: String) -> Int32? {
        let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard server >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else {
            close(server)
            return nil
        }
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(server, 1) == 0 else {
            close(server)
            return nil
        }
        return server
    }
}
