/// Ends the process the conventional way on every catchable signal whose default action terminates it,
/// after removing the files registered with ``watch(_:)`` (the hidden temporary files of unfinished
/// atomic outputs), so a cancelled run leaves nothing behind and its status is 128 + the signal number.
///
/// The handler does only what a signal handler may (POSIX async-signal-safe functions): it walks a
/// table allocated before any handler was installed, calls `unlink(2)` on each registered path, sets
/// the signal back to its default action and raises it again; when the handler returns the default
/// action ends the process (status 128 + n in a shell; SIGQUIT, SIGXCPU, SIGXFSZ and SIGSYS may also
/// write a core file where `ulimit -c` allows).
///
/// Which handlers are replaced:
/// - a signal at its default action gets the handler;
/// - a signal the process was started ignoring (`nohup`, a background job's SIGINT and SIGQUIT, a
///   parent's ignored SIGPIPE) stays ignored;
/// - SIGQUIT also when its handler is the Swift runtime's crash reporter and the program asks for it
///   (``install()``; a library writing a file installs only where the action is the default). On
///   Linux the runtime installs one handler for SIGQUIT, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGSEGV and
///   SIGTRAP (`swiftlang/swift@043f964 stdlib/public/runtime/CrashHandlerLinux.cpp:115`), each only
///   where the action is still the default (`:173`); after printing its report the handler returns
///   (`:213`–`:277`), which ends a program that faulted but lets one that got SIGQUIT run on. A
///   SIGQUIT handler that is the same function as SIGSEGV's is that reporter, and is replaced; the
///   reporter keeps the signals of real crashes;
/// - any other handler (a host program's own) is left alone.
///
/// The program faults the runtime reports (SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGSEGV, SIGTRAP) are
/// not handled here: they mean a bug, and the report is worth more than the cleanup.
public enum TerminationSignals {
    /// The catchable signals whose default action ends the process and that are not program faults:
    /// SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ,
    /// SIGVTALRM, SIGPROF, SIGIO, SIGSYS, and on Linux SIGSTKFLT, SIGPWR and the real-time signals
    /// (signal(7)).
    public static var all: [Int32] {
        var signals: [Int32] = [
            Signal.hangUp, Signal.interrupt, Signal.quit, Signal.user1, Signal.user2, Signal.brokenPipe,
            Signal.alarm, Signal.terminate, Signal.cpuTimeLimit, Signal.fileSizeLimit, Signal.virtualAlarm,
            Signal.profilingAlarm, Signal.io, Signal.badSystemCall,
        ]
        #if os(Linux) && canImport(Glibc)
            signals += [Signal.stackFault, Signal.power]
            signals += Array(Signal.realTimeMinimum...Signal.realTimeMaximum)
        #endif
        return signals
    }

    /// At most this many files are watched at once; more are not removed on a signal.
    public static let capacity = 16
    /// The longest path watched, in bytes (`PATH_MAX` less its terminating NUL on Linux).
    public static let maximumPathLength = 4095

    /// Everything the handler reads, allocated once, before the first handler is installed, and only
    /// through pointers (a `let` of pointers: no Swift variable the handler reads can be in the middle
    /// of an exclusive access when a signal arrives). Paths live in fixed buffers, never freed, so the
    /// handler cannot read freed memory; a slot's flag is set after its path is complete, and slots are
    /// reused round-robin, so a slot being refilled as a signal arrives has had `capacity` outputs in
    /// between.
    private struct Table {
        static let stride = TerminationSignals.maximumPathLength + 1
        let paths: UnsafeMutablePointer<CChar>
        let occupied: UnsafeMutablePointer<Int32>
        let lock = PermanentLock()
        /// The slot to try first, and which handlers are installed: 0 none, 1 where the action was the
        /// default (``installWhereDefault()``), 2 also over the crash reporter's SIGQUIT (``install()``).
        let nextSlot: UnsafeMutablePointer<Int>
        let installed: UnsafeMutablePointer<Int>

        init() {
            paths = .allocate(capacity: TerminationSignals.capacity * Self.stride)
            paths.initialize(repeating: 0, count: TerminationSignals.capacity * Self.stride)
            occupied = .allocate(capacity: TerminationSignals.capacity)
            occupied.initialize(repeating: 0, count: TerminationSignals.capacity)
            nextSlot = .allocate(capacity: 1)
            nextSlot.initialize(to: 0)
            installed = .allocate(capacity: 1)
            installed.initialize(to: 0)
        }

        func path(_ slot: Int) -> UnsafeMutablePointer<CChar> { paths + slot * Self.stride }
    }

    nonisolated(unsafe) private static let table = Table()

    /// Installs the handler on every signal of ``all`` (see the type's documentation for which
    /// handlers are replaced), SIGQUIT's crash reporter included. A program's choice: `popsim` calls
    /// it first thing. Idempotent.
    public static func install() {
        table.lock.lock()
        defer { table.lock.unlock() }
        guard table.installed.pointee < 2 else { return }
        table.installed.pointee = 2
        installHandlers(replacingCrashReporter: true)
    }

    /// What ``watch(_:)`` installs for a program that did not call ``install()``: the handler only
    /// where a signal still has its default action, so a library writing a file changes no handler the
    /// program or the runtime chose (SIGQUIT keeps the runtime's crash reporter).
    static func installWhereDefault() {
        table.lock.lock()
        defer { table.lock.unlock() }
        guard table.installed.pointee < 1 else { return }
        table.installed.pointee = 1
        installHandlers(replacingCrashReporter: false)
    }

    /// Called with the lock held.
    private static func installHandlers(replacingCrashReporter: Bool) {
        let crashReporter = Signal.handlerAddress(of: Signal.segmentationFault)
        let all = self.all
        for signal in all {
            let current = Signal.handlerAddress(of: signal)
            let replace =
                current == Signal.defaultActionAddress
                || (replacingCrashReporter && signal == Signal.quit && current != Signal.ignoredAddress
                    && current == crashReporter)
            guard replace else { continue }
            // Every other termination signal waits while one is handled, so the table is walked once.
            Signal.setAction(signal, handler: cleanUpAndRaise, blocking: all)
        }
    }

    /// Whether `signal`'s current handler is this type's (for tests and diagnostics).
    public static func isHandled(_ signal: Int32) -> Bool {
        Signal.handlerAddress(of: signal) == Signal.address(of: cleanUpAndRaise)
    }

    /// Starts watching `path` (removed if the process is ended by a signal of ``all``); returns its
    /// slot for ``forget(_:)``, or nil when the table is full or the path too long.
    public static func watch(_ path: String) -> Int? {
        installWhereDefault()
        let bytes = Array(path.utf8)
        guard bytes.count <= maximumPathLength, !bytes.contains(0) else { return nil }
        table.lock.lock()
        defer { table.lock.unlock() }
        for offset in 0..<capacity {
            let slot = (table.nextSlot.pointee + offset) % capacity
            guard table.occupied[slot] == 0 else { continue }
            let buffer = table.path(slot)
            bytes.withUnsafeBufferPointer { source in
                for (index, byte) in source.enumerated() { buffer[index] = CChar(bitPattern: byte) }
            }
            buffer[bytes.count] = 0
            table.occupied[slot] = 1
            table.nextSlot.pointee = (slot + 1) % capacity
            return slot
        }
        return nil
    }

    /// Stops watching the path in `slot` (it was renamed into place or removed).
    public static func forget(_ slot: Int) {
        guard (0..<capacity).contains(slot) else { return }
        table.lock.lock()
        defer { table.lock.unlock() }
        table.occupied[slot] = 0
    }

    /// Removes every watched file (async-signal-safe; also called before ending by a broken pipe).
    public static func removeWatchedFiles() {
        for slot in 0..<capacity where table.occupied[slot] != 0 {
            Platform.removeFile(table.path(slot))
        }
    }

    /// The handler.
    private static let cleanUpAndRaise: @convention(c) (Int32) -> Void = { signal in
        let savedError = SystemError.last
        TerminationSignals.removeWatchedFiles()
        Signal.setAction(signal, handler: nil)
        // Blocked while this handler runs: delivered, with its default action, when it returns.
        Signal.raiseInCallingThread(signal)
        SystemError.restore(savedError)
    }
}
