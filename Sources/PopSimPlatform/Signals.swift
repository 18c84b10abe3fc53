#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Signal numbers by name, and the few signal operations PopSim's tools and tests need, so that no
/// module outside PopSimPlatform names a C signal constant.
public enum Signal {
    public static var hangUp: Int32 { SIGHUP }
    public static var interrupt: Int32 { SIGINT }
    public static var quit: Int32 { SIGQUIT }
    public static var user1: Int32 { SIGUSR1 }
    public static var user2: Int32 { SIGUSR2 }
    public static var brokenPipe: Int32 { SIGPIPE }
    public static var alarm: Int32 { SIGALRM }
    public static var terminate: Int32 { SIGTERM }
    public static var cpuTimeLimit: Int32 { SIGXCPU }
    public static var fileSizeLimit: Int32 { SIGXFSZ }
    public static var virtualAlarm: Int32 { SIGVTALRM }
    public static var profilingAlarm: Int32 { SIGPROF }
    public static var io: Int32 { SIGIO }
    public static var badSystemCall: Int32 { SIGSYS }
    public static var segmentationFault: Int32 { SIGSEGV }
    public static var kill: Int32 { SIGKILL }
    #if os(Linux) && canImport(Glibc)
        public static var power: Int32 { SIGPWR }
        public static var stackFault: Int32 { SIGSTKFLT }
        /// The first real-time signal an application may use (glibc keeps the first two for itself).
        public static var realTimeMinimum: Int32 { __libc_current_sigrtmin() }
        /// The last real-time signal.
        public static var realTimeMaximum: Int32 { __libc_current_sigrtmax() }
    #endif

    /// Sets `signal`'s action to ignore it (`SIG_IGN`).
    public static func ignore(_ signal: Int32) {
        _ = setHandler(signal, SIG_IGN)
    }

    /// `kill(2)`: sends `signal` to process `pid`; false on failure.
    @discardableResult
    public static func send(_ signal: Int32, to pid: Int32) -> Bool {
        #if canImport(Glibc)
            return Glibc.kill(pid, signal) == 0
        #elseif canImport(Musl)
            return Musl.kill(pid, signal) == 0
        #elseif canImport(Darwin)
            return Darwin.kill(pid, signal) == 0
        #endif
    }

    /// Whether `signal` is pending for the calling thread or process (`sigpending(2)`).
    public static func isPending(_ signal: Int32) -> Bool {
        var pending = sigset_t()
        sigpending(&pending)
        return sigismember(&pending, signal) == 1
    }

    /// A signal's action as it was, to put back with ``restore(_:_:)``.
    public struct Action: @unchecked Sendable {
        var action: sigaction
    }

    /// Handles `signal` with `handler` (no other signal blocked while it runs); returns the action it
    /// replaced.
    public static func handle(_ signal: Int32, with handler: @convention(c) (Int32) -> Void) -> Action {
        Action(action: setAction(signal, handler: handler))
    }

    /// `sigaction(2)`: `signal` handled by `handler` (nil: the default action), `blocked` held while it
    /// runs (none when nil), no flags; the action it replaced. Async-signal-safe: a handler may call it.
    @discardableResult
    static func setAction(
        _ signal: Int32, handler: (@convention(c) (Int32) -> Void)?, blocking blocked: [Int32] = []
    ) -> sigaction {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
        #elseif canImport(Musl)
            action.__sa_handler.sa_handler = handler
        #elseif canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        for other in blocked { sigaddset(&action.sa_mask, other) }
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(signal, &action, &previous)
        return previous
    }

    /// `raise(3)`: sends `signal` to the calling thread. Async-signal-safe.
    static func raiseInCallingThread(_ signal: Int32) { _ = raise(signal) }

    /// The address of `signal`'s current handler, read with `sigaction(2)`: ``defaultActionAddress``,
    /// ``ignoredAddress`` or a function's.
    static func handlerAddress(of signal: Int32) -> UInt? {
        var current = sigaction()
        sigaction(signal, nil, &current)
        #if canImport(Glibc)
            return address(of: current.__sigaction_handler.sa_handler)
        #elseif canImport(Musl)
            return address(of: current.__sa_handler.sa_handler)
        #elseif canImport(Darwin)
            return address(of: current.__sigaction_u.__sa_handler)
        #endif
    }

    /// `SIG_DFL`'s address (0).
    static var defaultActionAddress: UInt? { address(of: SIG_DFL) }
    /// `SIG_IGN`'s address (1).
    static var ignoredAddress: UInt? { address(of: SIG_IGN) }

    /// A handler's address (a handler installed with SA_SIGINFO shares the union's storage, so it
    /// compares by address too).
    static func address(of handler: (@convention(c) (Int32) -> Void)?) -> UInt? {
        handler.map { unsafeBitCast($0, to: UInt.self) }
    }

    /// Puts back an action ``handle(_:with:)`` replaced.
    public static func restore(_ signal: Int32, _ action: Action) {
        var action = action.action
        sigaction(signal, &action, nil)
    }

    private static func setHandler(_ signal: Int32, _ handler: sighandler_t?) -> sighandler_t? {
        #if canImport(Glibc)
            return Glibc.signal(signal, handler)
        #elseif canImport(Musl)
            return Musl.signal(signal, handler)
        #elseif canImport(Darwin)
            return Darwin.signal(signal, handler)
        #endif
    }
}

extension Platform {
    /// Starts `path` with `arguments` (argv[1…]) and this process's environment, as a shell starts a
    /// foreground command: no signal blocked, `defaultSignals` at their default action (a child of a
    /// thread would inherit its mask, and a shell's background job starts with SIGINT and SIGQUIT
    /// ignored), standard input, output and error opened from the paths given (error created or
    /// truncated). Returns the child's process id.
    public static func spawn(
        _ path: String, arguments: [String], standardInput: String = "/dev/null",
        standardOutput: String = "/dev/null", standardError: String, defaultSignals: [Int32] = []
    ) -> Result<Int32, SystemError> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in defaultSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        return status == 0 ? .success(pid) : .failure(SystemError(code: status))
    }

    /// `waitpid(2)`: the wait status of child `pid` once it has ended, or nil while it runs (without
    /// `blocking`) or when it cannot be waited for.
    public static func waitStatus(of pid: Int32, blocking: Bool) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == pid { return status }
            if result < 0 && errno == EINTR { continue }
            return nil
        }
    }
}
