import Dispatch
import PopSimPlatform
import PopSimTextIO

/// A `done/total` line on stderr, redrawn at most five times a second, only on a terminal.
final class ProgressLine: @unchecked Sendable {
    private let total: Int
    private let unit: String
    private let enabled: Bool
    private let sink: TextSink
    private var done = 0
    private var lastDrawn = 0.0
    private let lock = DispatchSemaphore(value: 1)

    init(total: Int, unit: String, enabled: Bool, sink: TextSink) {
        self.total = total
        self.unit = unit
        self.enabled = enabled
        self.sink = sink
    }

    var advance: (@Sendable (Int) -> Void)? {
        guard enabled else { return nil }
        return { [self] count in
            lock.wait()
            defer { lock.signal() }
            done += count
            let now = Platform.monotonicSeconds()
            if now - lastDrawn >= 0.2 {
                lastDrawn = now
                try? sink.write("\r\(done)/\(total) \(unit)")
            }
        }
    }

    func finish() {
        if enabled { try? sink.write("\r\u{1B}[K") }
    }
}
