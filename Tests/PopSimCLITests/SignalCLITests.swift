import Foundation
import PopSimPlatform
import PopSimTestSupport
import Testing

/// Every catchable terminating signal removes the temporary file of an unfinished `--output` and ends
/// `popsim` by that signal (status 128 + n in a shell), quietly; SIGQUIT included, which the Swift
/// runtime's crash reporter would otherwise answer with a crash report and let the run go on.
@Suite("Reliability: signals")
struct SignalCLITests {
    /// 99 million rows: minutes of work, so every run below is interrupted long before it ends.
    static let longRun = ["spring", "--stiffness", "1", "--damping", "0", "--seconds", "1e6", "--rate", "99"]

    /// A running `popsim` started as a shell starts a foreground command: every signal unblocked and
    /// at its default action (a child of a test thread would inherit the thread's mask, and a shell's
    /// background job starts with SIGINT and SIGQUIT ignored), no core files, standard error to a file.
    struct Child {
        let pid: pid_t
        let errors: String

        /// `prelude` runs in `/bin/sh` first (e.g. `trap '' HUP`, `ulimit -f 64`).
        init(_ arguments: [String], prelude: String = "") throws {
            errors = try PopSimProcess.temporaryDirectory().appendingPathComponent("stderr").path
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t()
            var defaults = sigset_t()
            sigemptyset(&none)
            sigemptyset(&defaults)
            for signal in TerminationSignals.all { sigaddset(&defaults, signal) }
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let script = "ulimit -c 0; \(prelude)\nexec \"$0\" \"$@\""
            let argv =
                (["/bin/sh", "-c", script, PopSimProcess.executable.url.path] + arguments).map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid = pid_t()
            let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
            guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
            self.pid = pid
        }

        /// The wait status once the process ends, or nil if it is still running after `seconds` (then
        /// it is killed). Not a timing test: a run that ignores its signal takes minutes.
        func wait(seconds: Double = 60) -> Int32? {
            var status: Int32 = 0
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if waitpid(pid, &status, WNOHANG) == pid { return status }
                usleep(20_000)
            }
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            return nil
        }

        var standardError: String { (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "<unreadable>" }
    }

    /// The signal that ended a process, from its wait status (WIFSIGNALED, WTERMSIG), or nil.
    static func terminatingSignal(_ status: Int32) -> Int32? {
        let signal = status & 0x7F
        return signal != 0 && signal != 0x7F ? signal : nil
    }

    /// Polls until `directory` holds a file (the hidden temporary output), for at most 10 s.
    static func waitForTemporaryFile(in directory: URL) throws -> [String] {
        for _ in 0..<1000 {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            if !names.isEmpty { return names }
            usleep(10_000)
        }
        return []
    }

    static let signals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ,
        SIGPIPE, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGRTMIN_PLUS_1,
    ]
    /// A real-time signal, numbered from SIGRTMIN at run time (glibc keeps the first two for itself).
    static var SIGRTMIN_PLUS_1: Int32 { __libc_current_sigrtmin() + 1 }

    @Test(arguments: signals)
    func aSignalRemovesTheTemporaryFileAndEndsByTheSignal(signal: Int32) throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let output = directory.appendingPathComponent("big.csv").path
        let child = try Child(Self.longRun + ["--output", output])
        let names = try Self.waitForTemporaryFile(in: directory)
        #expect(names.count == 1 && names[0].hasPrefix(".big.csv."), "\(names)")
        #expect(kill(child.pid, signal) == 0)
        let status = child.wait()
        #expect(status.flatMap(Self.terminatingSignal) == signal, "status \(String(describing: status))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        // Quiet: no crash report, no error line (SIGQUIT used to print a 60-line report and go on).
        #expect(child.standardError.isEmpty, "\(child.standardError)")
    }

    /// A golden whose rerun takes minutes (a pipeline of 10⁶ realisations per point), its rows the grid's.
    static func slowGolden(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("golden.csv").path
        let written = try PopSimProcess.run([
            "sweep", "popover", "--mode", "drag-down", "--translation", "0,0:300:3", "--velocity", "0,2000",
            "--pipeline", "--trials", "2", "--golden", "--output", path,
        ])
        #expect(written.status == 0, "\(written.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: " --trials 2 ", with: " --trials 1000000 ")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `check --update` stopped by any catchable terminating signal while it reruns leaves the golden as
    /// it was and no temporary file beside it, and ends by the signal.
    @Test(arguments: signals)
    func aSignalDuringCheckUpdateLeavesNothingBehind(signal: Int32) throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let golden = try Self.slowGolden(in: directory)
        let before = try String(contentsOfFile: golden, encoding: .utf8)
        let child = try Child(["check", "--update", golden])
        var names: [String] = []
        for _ in 0..<1000 where names.count < 2 {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            if names.count < 2 { usleep(10_000) }
        }
        #expect(names.contains { $0.hasPrefix(".golden.csv.") }, "\(names)")
        #expect(kill(child.pid, signal) == 0)
        let status = child.wait()
        #expect(status.flatMap(Self.terminatingSignal) == signal, "status \(String(describing: status))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["golden.csv"])
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == before)
        #expect(child.standardError.isEmpty, "\(child.standardError)")
    }

    /// The signals `/proc/PID/status` says the process catches (its SigCgt mask), or nil once gone.
    static func caughtSignals(_ pid: pid_t) -> UInt64? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") })
        else { return nil }
        return UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
    }

    /// Ctrl-\\ on a run that writes standard output (no temporary file): the handler is installed
    /// before the command starts (SIGUSR1 caught, which only PopSim's handler does), and SIGQUIT then
    /// ends the run at once, without a crash report.
    @Test func quitEndsARunQuietly() throws {
        let child = try Child(Self.longRun)
        var caught: UInt64 = 0
        for _ in 0..<1000 where caught & (1 << UInt64(SIGUSR1 - 1)) == 0 {
            caught = Self.caughtSignals(child.pid) ?? 0
            usleep(10_000)
        }
        #expect(caught & (1 << UInt64(SIGQUIT - 1)) != 0)
        #expect(kill(child.pid, SIGQUIT) == 0)
        let status = child.wait()
        #expect(status.flatMap(Self.terminatingSignal) == SIGQUIT, "status \(String(describing: status))")
        #expect(child.standardError.isEmpty, "\(child.standardError)")
    }

    /// The kernel's own SIGXFSZ, for a write beyond `ulimit -f`, ends the run the same way; with
    /// SIGXFSZ ignored the write fails instead (EFBIG), which is exit 74. Neither leaves a file.
    @Test(arguments: [false, true])
    func aFileSizeLimitLeavesNoFile(ignored: Bool) throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let output = directory.appendingPathComponent("big.csv").path
        let child = try Child(
            Self.longRun + ["--output", output], prelude: "ulimit -f 64; " + (ignored ? "trap '' XFSZ" : ""))
        let status = try #require(child.wait())
        if ignored {
            #expect(Self.terminatingSignal(status) == nil && (status >> 8) & 0xFF == 74, "status \(status)")
            #expect(
                child.standardError.hasPrefix("error: cannot write \(output): File too large"), "\(child.standardError)"
            )
        } else {
            #expect(Self.terminatingSignal(status) == SIGXFSZ, "status \(status)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// A signal the process was started ignoring (`nohup`'s SIGHUP) stays ignored; another still ends
    /// the run and removes the temporary file.
    @Test func anIgnoredSignalStaysIgnored() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let output = directory.appendingPathComponent("big.csv").path
        let child = try Child(Self.longRun + ["--output", output], prelude: "trap '' HUP")
        #expect(try Self.waitForTemporaryFile(in: directory).count == 1)
        #expect(kill(child.pid, SIGHUP) == 0)
        usleep(300_000)
        var status: Int32 = 0
        #expect(waitpid(child.pid, &status, WNOHANG) == 0, "SIGHUP ended a run that ignores it")
        #expect(kill(child.pid, SIGTERM) == 0)
        #expect(child.wait().flatMap(Self.terminatingSignal) == SIGTERM)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// A real crash still gets the Swift runtime's report: only SIGQUIT was taken from it. SIGSEGV
    /// sent from outside stands in for a fault; the runtime's handler reports it and returns, which
    /// for a sent signal (unlike a fault, which happens again) lets the process go on, so the test
    /// ends it.
    @Test func aCrashSignalStillReachesTheRuntimeReporter() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let child = try Child(
            Self.longRun + ["--output", directory.appendingPathComponent("big.csv").path],
            prelude: "export SWIFT_BACKTRACE=enable=yes,interactive=no,symbolicate=no,output-to=stderr")
        #expect(try Self.waitForTemporaryFile(in: directory).count == 1)
        #expect(kill(child.pid, SIGSEGV) == 0)
        var reported = false
        for _ in 0..<3000 where !reported {
            reported = child.standardError.contains("Program crashed")
            if !reported { usleep(10_000) }
        }
        kill(child.pid, SIGKILL)
        _ = child.wait()
        #expect(reported, "\(child.standardError)")
    }
}
