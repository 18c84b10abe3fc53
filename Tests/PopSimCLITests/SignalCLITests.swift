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
        let pid: Int32
        let errors: String

        /// `prelude` runs in `/bin/sh` first (e.g. `trap '' HUP`, `ulimit -f 64`).
        init(_ arguments: [String], prelude: String = "") throws {
            errors = try PopSimProcess.temporaryDirectory().appendingPathComponent("stderr").path
            let script = "ulimit -c 0; \(prelude)\nexec \"$0\" \"$@\""
            pid = try Platform.spawn(
                "/bin/sh", arguments: ["-c", script, PopSimProcess.executable.url.path] + arguments,
                standardError: errors, defaultSignals: TerminationSignals.all
            ).get()
        }

        /// The wait status once the process ends, or nil if it is still running after `seconds` (then
        /// it is killed). Not a timing test: a run that ignores its signal takes minutes.
        func wait(seconds: Double = 60) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let status = Platform.waitStatus(of: pid, blocking: false) { return status }
                Thread.sleep(forTimeInterval: 0.02)
            }
            Signal.send(Signal.kill, to: pid)
            _ = Platform.waitStatus(of: pid, blocking: true)
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
            Thread.sleep(forTimeInterval: 0.01)
        }
        return []
    }

    static let signals: [Int32] = [
        Signal.interrupt, Signal.terminate, Signal.hangUp, Signal.quit, Signal.user1, Signal.user2, Signal.alarm,
        Signal.cpuTimeLimit, Signal.fileSizeLimit, Signal.brokenPipe, Signal.virtualAlarm, Signal.profilingAlarm,
        Signal.io, Signal.power, Signal.realTimeMinimum + 1,
    ]

    @Test(arguments: signals)
    func aSignalRemovesTheTemporaryFileAndEndsByTheSignal(signal: Int32) throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let output = directory.appendingPathComponent("big.csv").path
        let child = try Child(Self.longRun + ["--output", output])
        let names = try Self.waitForTemporaryFile(in: directory)
        #expect(names.count == 1 && names[0].hasPrefix(".big.csv."), "\(names)")
        #expect(Signal.send(signal, to: child.pid))
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
            if names.count < 2 { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(names.contains { $0.hasPrefix(".golden.csv.") }, "\(names)")
        #expect(Signal.send(signal, to: child.pid))
        let status = child.wait()
        #expect(status.flatMap(Self.terminatingSignal) == signal, "status \(String(describing: status))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["golden.csv"])
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == before)
        #expect(child.standardError.isEmpty, "\(child.standardError)")
    }

    /// The signals `/proc/PID/status` says the process catches (its SigCgt mask), or nil once gone.
    static func caughtSignals(_ pid: Int32) -> UInt64? {
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
        for _ in 0..<1000 where caught & (1 << UInt64(Signal.user1 - 1)) == 0 {
            caught = Self.caughtSignals(child.pid) ?? 0
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(caught & (1 << UInt64(Signal.quit - 1)) != 0)
        #expect(Signal.send(Signal.quit, to: child.pid))
        let status = child.wait()
        #expect(status.flatMap(Self.terminatingSignal) == Signal.quit, "status \(String(describing: status))")
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
            #expect(Self.terminatingSignal(status) == Signal.fileSizeLimit, "status \(status)")
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
        #expect(Signal.send(Signal.hangUp, to: child.pid))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(Platform.waitStatus(of: child.pid, blocking: false) == nil, "Signal.hangUp ended a run that ignores it")
        #expect(Signal.send(Signal.terminate, to: child.pid))
        #expect(child.wait().flatMap(Self.terminatingSignal) == Signal.terminate)
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
        #expect(Signal.send(Signal.segmentationFault, to: child.pid))
        var reported = false
        for _ in 0..<3000 where !reported {
            reported = child.standardError.contains("Program crashed")
            if !reported { Thread.sleep(forTimeInterval: 0.01) }
        }
        Signal.send(Signal.kill, to: child.pid)
        _ = child.wait()
        #expect(reported, "\(child.standardError)")
    }
}
