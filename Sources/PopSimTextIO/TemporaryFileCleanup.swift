import PopSimPlatform

/// Removes the temporary files of unfinished atomic outputs when the process is interrupted
/// (SIGINT, SIGTERM, SIGHUP), so a cancelled run leaves no hidden `.NAME.XXXXXX` beside its target.
///
/// The handler does only what a signal handler may: it walks a fixed table of C strings, calls
/// `unlink(2)` on each, puts back the action that was installed before, and raises the signal again,
/// so the process ends as the signal demands (or the previous handler runs). A signal the process
/// ignores stays ignored. The handlers are installed on first use.
enum TemporaryFileCleanup {
    /// More simultaneous atomic outputs than this are not cleaned up on a signal (PopSim has one).
    static let capacity = 16

    /// Everything the handler reads, allocated once before any handler is installed.
    private struct Table {
        let paths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: TemporaryFileCleanup.capacity)
        /// Previous actions of SIGINT, SIGTERM, SIGHUP, and whether each was replaced.
        let previous = UnsafeMutablePointer<Platform.SignalAction>.allocate(capacity: 3)
        let replaced = UnsafeMutablePointer<Bool>.allocate(capacity: 3)
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    }

    nonisolated(unsafe) private static var table: Table?

    private static func slot(of signal: Int32) -> Int? {
        switch signal {
        case SIGINT: return 0
        case SIGTERM: return 1
        case SIGHUP: return 2
        default: return nil
        }
    }

    /// Installs the handlers once. Called from ``watch(_:)`` on the thread that writes output.
    private static func prepare() -> Table {
        if let table { return table }
        let created = Table()
        created.paths.initialize(repeating: nil, count: capacity)
        created.replaced.initialize(repeating: false, count: 3)
        pthread_mutex_init(created.lock, nil)
        table = created
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            guard let index = slot(of: signal), let previous = Platform.installSignalHandler(signal, cleanUpAndRaise) else { continue }
            created.previous[index] = previous
            created.replaced[index] = true
        }
        return created
    }

    /// Starts watching `path`; returns its slot for ``forget(_:)``, or nil when the table is full.
    static func watch(_ path: String) -> Int? {
        let table = prepare()
        pthread_mutex_lock(table.lock)
        defer { pthread_mutex_unlock(table.lock) }
        guard let slot = (0..<capacity).first(where: { table.paths[$0] == nil }) else { return nil }
        table.paths[slot] = strdup(path)
        return slot
    }

    /// Stops watching the path in `slot` (it was renamed into place or removed).
    static func forget(_ slot: Int) {
        guard let table else { return }
        pthread_mutex_lock(table.lock)
        defer { pthread_mutex_unlock(table.lock) }
        let path = table.paths[slot]
        table.paths[slot] = nil
        free(path)
    }

    /// The signal handler.
    private static let cleanUpAndRaise: @convention(c) (Int32) -> Void = { signal in
        guard let table = TemporaryFileCleanup.table else { return }
        for slot in 0..<TemporaryFileCleanup.capacity {
            if let path = table.paths[slot] { unlink(path) }
        }
        if let index = TemporaryFileCleanup.slot(of: signal), table.replaced[index] {
            Platform.restoreSignalAction(signal, table.previous + index)
        }
        raise(signal)
    }
}
