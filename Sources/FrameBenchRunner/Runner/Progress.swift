import FrameBench
import PopSimPlatform

/// One-line progress on standard error, shown only when standard error is a terminal (so logs and
/// pipes stay clean). Each update overwrites the previous line.
public final class Progress {
    private let enabled: Bool
    private var lastLength = 0

    public init(enabled: Bool = Platform.isTerminal(Platform.standardError)) {
        self.enabled = enabled
    }

    public func update(_ step: Int, of total: Int, _ text: String) {
        guard enabled else { return }
        var line = "[\(step)/\(total)] \(text)"
        if line.count > 100 { line = String(line.prefix(99)) + "…" }
        let padding = String(repeating: " ", count: max(0, lastLength - line.count))
        lastLength = line.count
        Self.write("\r" + line + padding)
    }

    private static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                Platform.write(Platform.standardError, $0.baseAddress! + offset, $0.count - offset)
            }
            if written <= 0 { return }
            offset += written
        }
    }

    public func finish() {
        guard enabled, lastLength > 0 else { return }
        Self.write("\r" + String(repeating: " ", count: lastLength) + "\r")
        lastLength = 0
    }
}
