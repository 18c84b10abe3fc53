import Foundation
import PopSimPlatform
import Testing

/// `key=value` lines as a dictionary of numbers and words.
private func keyValues(_ lines: [String]) -> [String: String] {
    Dictionary(
        uniqueKeysWithValues: lines.map { line in
            let parts = line.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), String(parts[1]))
        })
}

@Suite("popsim fit spring")
struct FitSpringCLITests {
    /// The snappy preset's motion as `popsim spring` writes it (time,position,velocity), read from
    /// standard input: the preset comes back, the velocity column is ignored, and the start and target
    /// are solved for by default (each with its error).
    @Test func identifiesAPresetFromPopsimSpring() throws {
        let trace = try PopSimProcess.run([
            "spring", "--preset", "snappy", "--from", "0", "--to", "300", "--seconds", "2",
        ])
        let result = try PopSimProcess.run(["fit", "spring", "-"], input: trace.stdout)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.lines.map { String($0.split(separator: "=")[0]) } == [
                "mass", "stiffness", "stiffness_stderr", "damping", "damping_stderr", "damping_ratio",
                "damping_ratio_stderr",
                "response", "response_stderr", "duration", "duration_stderr", "bounce", "bounce_stderr",
                "settling_time",
                "from", "from_stderr", "to", "to_stderr", "velocity", "delay", "rms_residual", "iterations", "points",
                "nearest_preset",
                "nearest_preset_distance",
            ])
        let values = keyValues(result.lines)
        // Snappy: duration 0.5, bounce 0.15 (ζ = 0.85), k = (2π/0.5)² = 157.91…, c = 4π·0.85/0.5 = 21.36….
        #expect(abs(Double(values["response"]!)! - 0.5) < 1e-6)
        #expect(abs(Double(values["damping_ratio"]!)! - 0.85) < 1e-6)
        #expect(abs(Double(values["stiffness"]!)! - Double.pow(2 * Double.pi / 0.5, 2)) < 1e-3)
        #expect(values["mass"] == "1.0")
        #expect(values["points"] == "241")
        #expect(values["nearest_preset"] == "snappy")
        // Exact data: the solved start is the first row's 0 to rounding.
        #expect(abs(Double(values["from"]!)!) < 1e-9)
    }

    /// `--from X` holds the start: no error line for it, and the value is the one given.
    @Test func heldStartHasNoError() throws {
        let trace = try PopSimProcess.run([
            "spring", "--preset", "snappy", "--from", "0", "--to", "300", "--seconds", "2",
        ])
        let result = try PopSimProcess.run(["fit", "spring", "--from", "0", "-"], input: trace.stdout)
        #expect(result.status == 0, "\(result.stderr)")
        let keys = result.lines.map { String($0.split(separator: "=")[0]) }
        #expect(Array(keys[14...17]) == ["from", "to", "to_stderr", "velocity"])
        #expect(keyValues(result.lines)["from"] == "0.0")
    }

    /// Free quantities get a standard error line each, in the documented order.
    @Test func freeQuantitiesHaveErrors() throws {
        let trace = try PopSimProcess.run([
            "spring", "--response", "0.4", "--damping-ratio", "0.5", "--from", "10", "--to", "-50",
            "--velocity", "200", "--seconds", "1.5", "--rate", "60",
        ])
        let result = try PopSimProcess.run(["fit", "spring", "--free", "to,velocity", "-"], input: trace.stdout)
        #expect(result.status == 0, "\(result.stderr)")
        let keys = result.lines.map { String($0.split(separator: "=")[0]) }
        #expect(
            Array(keys[14...20]) == ["from", "from_stderr", "to", "to_stderr", "velocity", "velocity_stderr", "delay"])
        let values = keyValues(result.lines)
        #expect(abs(Double(values["velocity"]!)! - 200) < 1e-5)
        #expect(abs(Double(values["to"]!)! + 50) < 1e-8)
    }

    /// A weights column: rows weighted 0 are left out, so a wild row with weight 0 changes nothing.
    @Test func weightsColumn() throws {
        let trace = try PopSimProcess.run([
            "spring", "--preset", "bouncy", "--to", "100", "--seconds", "1.5", "--rate", "60",
        ])
        var lines = trace.stdout.split(separator: "\n").map(String.init)
        lines[0] += ",w"
        for i in 1..<lines.count { lines[i] += i == 20 ? ",0" : ",1" }
        var fields = lines[20].split(separator: ",").map(String.init)
        fields[1] = "5000"
        lines[20] = fields.joined(separator: ",")
        // The trace ends before the spring settles to 1e-6: hold the exact target.
        let weighted = try PopSimProcess.run(
            ["fit", "spring", "--weights", "w", "--to", "100", "-"], input: lines.joined(separator: "\n") + "\n")
        #expect(weighted.status == 0, "\(weighted.stderr)")
        #expect(keyValues(weighted.lines)["nearest_preset"] == "bouncy")
        #expect(abs(Double(keyValues(weighted.lines)["response"]!)! - 0.5) < 1e-6)
        let unweighted = try PopSimProcess.run(["fit", "spring", "-"], input: lines.joined(separator: "\n") + "\n")
        #expect(Double(keyValues(unweighted.lines)["rms_residual"]!)! > 100)
    }

    /// --residuals: the fit's lines as comments, then time,position,fitted,residual, one row per point.
    @Test func residualsFile() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("residuals.csv").path
        let trace = try PopSimProcess.run([
            "spring", "--preset", "smooth", "--to", "50", "--seconds", "1", "--rate", "60",
        ])
        let result = try PopSimProcess.run(["fit", "spring", "--residuals", path, "-"], input: trace.stdout)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.prefix(result.lines.count) == ArraySlice(result.lines.map { "# " + $0 }))
        #expect(lines[result.lines.count] == "time,position,fitted,residual")
        let rows = lines.dropFirst(result.lines.count + 1).map { $0.split(separator: ",").map { Double(String($0))! } }
        #expect(rows.count == 61)
        for row in rows { #expect(abs(row[1] - row[2] - row[3]) < 1e-12) }
    }

    /// A `simulate popup` trace fits directly: the content's top edge after a drag released toward
    /// closed follows the gesture close animator, `UISpringTimingParameters(dampingRatio: 0.87)` over
    /// 0.5 s (LeoNatan/LNPopupController@be3afaa LNPopupController/LNPopupController/Private/LNPopupController.mm:798);
    /// started from rest, so its velocity is 0 within its error.
    @Test func simulateTraceFromTheRelease() throws {
        let gesture = [
            "simulate", "popup", "--from", "open", "--rate", "120", "--synth",
            "swipe --from 196,250 --to 196,500 --release-velocity 700",
        ]
        let events = try PopSimProcess.run(gesture + ["--events"])
        let release = try #require(events.lines.first { $0.contains(",released:closed") })
        let releaseTime = String(release.split(separator: ",")[0])
        let trace = try PopSimProcess.run(gesture)
        let result = try PopSimProcess.run(
            ["fit", "spring", "--column", "content_y", "--from-time", releaseTime, "--free", "velocity", "-"],
            input: trace.stdout)
        #expect(result.status == 0, "\(result.stderr)")
        let values = keyValues(result.lines)
        let zeta = Double(values["damping_ratio"]!)!
        let zetaError = Double(values["damping_ratio_stderr"]!)!
        #expect(abs(zeta - 0.87) < 0.005 && zetaError < 0.005, "ζ = \(zeta) ± \(zetaError)")
        // The animation ends at the closed content top, Y_c = 852 − 83 = 769 pt.
        #expect(abs(Double(values["to"]!)! - 769) < 0.5)
        #expect(abs(Double(values["velocity"]!)!) <= 3 * Double(values["velocity_stderr"]!)!)
        // From the trace's first row instead, the drag before the release is no spring: the fit says so
        // or lands far from the animator.
        let whole = try PopSimProcess.run(["fit", "spring", "--column", "content_y", "-"], input: trace.stdout)
        let rms = keyValues(whole.lines)["rms_residual"].flatMap(Double.init)
        #expect(whole.status == 65 || (whole.status == 0 && (rms ?? 0) > 10), "\(whole.status) \(whole.stdout)")
    }

    @Test(arguments: [
        (["--column", "x"], 65, "no column 'x'"),
        (["--from-time", "5"], 65, "no row of the trace is at or after --from-time 5"),
        (["--from-time", "0.2"], 65, "3 points: a spring fit needs at least 5"),
        (["--from-time", "nan"], 2, "--from-time"),
        (["--from-time", "1e13"], 2, "[-1e12, 1e12]"),
        (["--column", ""], 2, "--column"),
    ])
    func columnAndStartTime(flags: [String], status: Int32, message: String) throws {
        let result = try PopSimProcess.run(
            ["fit", "spring"] + flags + ["-"], input: "time,position\n0,0\n0.1,1\n0.2,2\n0.3,2.5\n0.4,2.7\n")
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test(arguments: [
        (["--free", "start"], "invalid value 'start' for --free: expected one of from, to, velocity, delay"),
        (["--free", "to,to"], "'to' is listed twice"),
        (["--free", "from", "--from", "3"], "--from holds the from fixed"),
        (["--max-iterations", "0"], "--max-iterations"),
        (["--max-iterations", "1.5"], "--max-iterations"),
        (["--max-iterations", "100001"], "from 1 to 100000"),
        (["--from", "nan"], "--from"),
        (["--velocity", "1e13"], "[-1e12, 1e12]"),
        (["--delay", "inf"], "--delay"),
        (["--residuals", "-"], "--residuals"),
    ])
    func usageErrors(flags: [String], message: String) throws {
        let result = try PopSimProcess.run(
            ["fit", "spring"] + flags + ["-"], input: "time,position\n0,0\n0.1,1\n0.2,2\n0.3,2.5\n0.4,2.7\n")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        ("time,position\n0,0\n0.1,1\n0.2,2\n0.3,2.5\n", "4 points: a spring fit needs at least 5"),
        ("time,position\n0,3\n0.1,3\n0.2,3\n0.3,3\n0.4,3\n", "the position never changes"),
        ("time,position\n0,0\n0.1,nan\n", "standard input:3:5: column 'position' is 'nan'"),
        ("time,x\n0,0\n", "no column 'position'"),
        ("time,position\n0,0\n0.2,1\n0.1,2\n0.3,2.5\n0.4,2.7\n", "sort the trace by time"),
        (
            "time,position\n0,0\n0.1,1e13\n0.2,2\n0.3,2.5\n0.4,2.7\n",
            "point 2's position is 10000000000000.0: every value must be a finite number within ±1e12"
        ),
        (
            "time,position\n0,0\n1e-9,1\n2e-9,2\n3e-9,2.5\n4e-9,2.7\n",
            "the trace spans 4e-09 s: a spring fit needs 1e-06 to 1e+06 s"
        ),
    ])
    func malformedOrUndeterminedData(input: String, message: String) throws {
        let result = try PopSimProcess.run(["fit", "spring", "-"], input: input)
        #expect(result.status == 65)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func unreadableFileAndNonConvergence() throws {
        #expect(try PopSimProcess.run(["fit", "spring", "/nonexistent/trace.csv"]).status == 74)
        let trace = try PopSimProcess.run(["spring", "--preset", "bouncy", "--to", "100", "--seconds", "1.5"])
        let result = try PopSimProcess.run(["fit", "spring", "--max-iterations", "1", "-"], input: trace.stdout)
        #expect(result.status == 70)
        #expect(result.stderr.contains("did not converge in 1 iterations"), "\(result.stderr)")
    }

    /// A clean first-order approach, x = 100(1 − 0.92^k) at 60 Hz: no spring fits it best, springs with a
    /// growing ζ fit it ever better, so the fit stops at ζ = 1000 (the default --max-damping-ratio), exits 0,
    /// names the limit and gives the time constant τ = −h/ln 0.92 = (1/60)/0.0833816 = 0.199884 s (to the
    /// bound's own 1/(4ζ²) ≈ 2.5·10⁻⁷ deviation from an exponential); a note says so on standard error.
    @Test func firstOrderApproachReportsTheOverdampedLimit() throws {
        var trace = "time,position\n"
        for k in 0...60 { trace += "\(Double(k) / 60),\(100 * (1 - Double.pow(0.92, Double(k))))\n" }
        let result = try PopSimProcess.run(["fit", "spring", "-"], input: trace)
        #expect(result.status == 0, "\(result.stderr)")
        let values = keyValues(result.lines)
        #expect(values["limit"] == "damping_ratio_bound")
        #expect(abs(Double(values["damping_ratio"]!)! - 1000) < 1e-9)
        let tau = -(1.0 / 60) / Double.log(0.92)
        #expect(abs(Double(values["time_constant"]!)! - tau) < 1e-6 * tau, "\(values["time_constant"]!)")
        #expect(abs(Double(values["to"]!)! - 100) < 1e-4)
        #expect(
            Array(result.lines.suffix(3).map { $0.split(separator: "=")[0] }) == [
                "limit", "time_constant", "time_constant_stderr",
            ])
        #expect(result.stderr.hasPrefix("note: ") && result.stderr.contains("first-order approach"), "\(result.stderr)")
        #expect(result.stderr.contains("--max-damping-ratio"))

        // A lower bound is a limit the ζ = 5 spring reaches: its trace stops at 3.
        let stiff = try PopSimProcess.run([
            "spring", "--response", "0.5", "--damping-ratio", "5", "--to", "100", "--rate", "60", "--seconds", "3",
        ])
        let bounded = try PopSimProcess.run(["fit", "spring", "--max-damping-ratio", "3", "-"], input: stiff.stdout)
        #expect(bounded.status == 0, "\(bounded.stderr)")
        #expect(keyValues(bounded.lines)["damping_ratio"].flatMap(Double.init).map { abs($0 - 3) < 1e-9 } == true)
        let free = try PopSimProcess.run(["fit", "spring", "-"], input: stiff.stdout)
        #expect(keyValues(free.lines)["limit"] == nil && free.stderr.isEmpty, "\(free.stderr)")
    }
}

@Suite("popsim fit rubber-band")
struct FitRubberBandCLITests {
    /// UIScrollView's band over a 600 pt view: b(x) = (1 − 1/(0.55x/600 + 1))·600.
    static let scrollView: String = {
        var text = "# UIScrollView, d = 600\nfinger,offset\n"
        for i in 0...60 {
            let x = Double(i) * 8
            text += "\(x),\((1 - 1 / (0.55 * x / 600 + 1)) * 600)\n"
        }
        return text
    }()

    @Test func hyperbolicFirstWithItsClosestConfiguration() throws {
        let result = try PopSimProcess.run(["fit", "rubber-band", "-"], input: Self.scrollView)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 2)
        #expect(result.lines[0].hasPrefix("family=hyperbolic c=0.5"))
        #expect(result.lines[1].hasPrefix("family=power s="))
        let first = Dictionary(
            uniqueKeysWithValues: result.lines[0].split(separator: " ").map { field in
                let parts = field.split(separator: "=")
                return (String(parts[0]), String(parts[1]))
            })
        #expect(Array(first.keys).sorted() == ["c", "c_stderr", "closest", "d", "d_stderr", "family", "rms_residual"])
        #expect(abs(Double(first["c"]!)! - 0.55) < 1e-9)
        #expect(abs(Double(first["d"]!)! - 600) < 1e-6)
        #expect(first["closest"] == "uiscrollview")
        #expect(result.lines[1].hasSuffix("closest=popovers"))
    }

    @Test func dimensionHeld() throws {
        let result = try PopSimProcess.run(["fit", "rubber-band", "--dimension", "600", "-"], input: Self.scrollView)
        #expect(result.lines[0].contains(" d=600.0 ") && result.lines[0].contains(" d_stderr=0.0 "))
    }

    @Test(arguments: ["0", "-5", "nan", "2e6"])
    func invalidDimension(_ value: String) throws {
        let result = try PopSimProcess.run(["fit", "rubber-band", "--dimension", value, "-"], input: Self.scrollView)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--dimension"))
    }

    @Test func refusesOffsetsAgainstTheFinger() throws {
        let result = try PopSimProcess.run(
            ["fit", "rubber-band", "-"], input: "finger,offset\n-1,1\n-2,2\n-3,3\n-4,4\n-5,5\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains("check the signs"))
    }

    @Test func refusesAFlatRecording() throws {
        let result = try PopSimProcess.run(
            ["fit", "rubber-band", "-"], input: "finger,offset\n0,0\n1,0\n2,0\n3,0\n4,0\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains("the offset is 0 at every point"))
    }
}

@Suite("popsim fit prediction")
struct FitPredictionCLITests {
    /// One drag logged by SwiftUI's rule written out by hand: the last three samples' segment velocities
    /// v21 and v32, predicted = translation + T·(w·v21 + (1 − w)·v32); v = v21 with two samples.
    static func log(horizon: Double, weight: Double) -> String {
        var text = "time,x,y,translation_x,translation_y,predicted_x,predicted_y\n"
        // Frames at 120 Hz with every fifth 1.5 ms late, on a device clock far from 0.
        let times = (0..<48).map { i -> Double in
            let late: Double = i % 5 == 0 ? 0.0015 : 0
            return 700_000_000 + Double(i) / 120 + late
        }
        func point(_ t: Double) -> (Double, Double) {
            let s: Double = (t - times[0]) / 0.4
            let x: Double = 80 + 260 * s * s * (3 - 2 * s)
            let y: Double = 500 - 120 * s * s
            return (x, y)
        }
        let start = point(times[0])
        for i in times.indices {
            let p = point(times[i])
            var v = (0.0, 0.0)
            if i >= 1 {
                let a = point(times[i - 1])
                let v32 = ((p.0 - a.0) / (times[i] - times[i - 1]), (p.1 - a.1) / (times[i] - times[i - 1]))
                v = v32
                if i >= 2 {
                    let b = point(times[i - 2])
                    let v21 = ((a.0 - b.0) / (times[i - 1] - times[i - 2]), (a.1 - b.1) / (times[i - 1] - times[i - 2]))
                    v = (weight * v21.0 + (1 - weight) * v32.0, weight * v21.1 + (1 - weight) * v32.1)
                }
            }
            let translation = (p.0 - start.0, p.1 - start.1)
            let predicted = (translation.0 + horizon * v.0, translation.1 + horizon * v.1)
            let fields: [Double] = [times[i], p.0, p.1, translation.0, translation.1, predicted.0, predicted.1]
            text += fields.map { "\($0)" }.joined(separator: ",") + "\n"
        }
        return text
    }

    @Test func recoversHorizonAndMix() throws {
        let result = try PopSimProcess.run(["fit", "prediction", "-"], input: Self.log(horizon: 0.25, weight: 0.75))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.lines.map { String($0.split(separator: "=")[0]) } == [
                "prediction_time", "prediction_time_stderr", "previous_sample_weight", "previous_sample_weight_stderr",
                "last_sample_weight", "last_sample_weight_stderr", "rms_residual", "points",
            ])
        let values = keyValues(result.lines)
        #expect(abs(Double(values["prediction_time"]!)! - 0.25) < 1e-6)
        #expect(abs(Double(values["previous_sample_weight"]!)! - 0.75) < 1e-6)
        #expect(abs(Double(values["last_sample_weight"]!)! - 0.25) < 1e-6)
        #expect(values["points"] == "46")
    }

    /// --apply prints flags that decide, simulate and sweep popover accept.
    @Test func applyConfiguresPopoverCommands() throws {
        let apply = try PopSimProcess.run(
            ["fit", "prediction", "--apply", "-"], input: Self.log(horizon: 0.2, weight: 0.6))
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(apply.lines.count == 1)
        let flags = apply.lines[0].split(separator: " ").map(String.init)
        #expect(flags.count == 4 && flags[0] == "--prediction-time" && flags[2] == "--previous-sample-weight")
        #expect(abs(Double(flags[1])! - 0.2) < 1e-6 && abs(Double(flags[3])! - 0.6) < 1e-6)
        #expect(
            try PopSimProcess.run(["decide", "popover", "--mode", "drag-down", "--translation", "0,200"] + flags).status
                == 0)
        let simulate = try PopSimProcess.run(
            [
                "simulate", "popover", "--mode", "drag-down", "--outcome",
                "--synth", "swipe --from 196,426 --to 196,700 --release-velocity 1500",
            ] + flags)
        #expect(simulate.status == 0, "\(simulate.stderr)")
        #expect(try PopSimProcess.run(["sweep", "popover", "--translation", "0,0:300:3"] + flags).status == 0)
    }

    /// A log whose predictions run against the motion fits T < 0: --apply refuses to configure a model
    /// that PopSim's decide rejects.
    @Test func applyRefusesAModelOutsideTheRange() throws {
        let result = try PopSimProcess.run(
            ["fit", "prediction", "--apply", "-"], input: Self.log(horizon: -0.1, weight: 0.75))
        #expect(result.status == 65)
        #expect(result.stderr.contains("T ≥ 0, w in [0, 1]"))
        #expect(result.stdout.isEmpty)
    }

    @Test func tooFewRows() throws {
        let log = Self.log(horizon: 0.25, weight: 0.75).split(separator: "\n").prefix(7).joined(separator: "\n") + "\n"
        let result = try PopSimProcess.run(["fit", "prediction", "-"], input: log)
        #expect(result.status == 65)
        #expect(result.stderr.contains("4 usable rows"))
    }
}

@Suite("SwiftUI velocity mix in popover commands")
struct PreviousSampleWeightCLITests {
    /// A drag that moves fast, then almost stops: v21 = (636 − 436)/0.1 = 2000 pt/s, v32 = 1/0.01 = 100 pt/s.
    /// The popover (200x100 centred in 393x852) starts at y = 376; the finger has moved 211 pt, and the
    /// drag-down line is 0.75·852 = 639. w = 0: 376 + 211 + 0.25·100 = 612 → returned; w = 0.75:
    /// v = 1525, 376 + 211 + 381.25 = 968.25 → dismissed-down.
    static let stream =
        "time,phase,x,y\n0,began,196,426\n0.1,moved,196,436\n0.2,moved,196,636\n"
        + "0.21,moved,196,637\n0.21,ended,196,637\n"

    @Test(arguments: [("0", "returned"), ("0.75", "dismissed-down"), ("1", "dismissed-down")])
    func weightChangesTheMeasuredVelocity(weight: String, outcome: String) throws {
        let result = try PopSimProcess.run(
            [
                "simulate", "popover", "--mode", "drag-down", "--previous-sample-weight", weight,
                "--outcome", "-",
            ], input: Self.stream)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == outcome + "\n")
    }

    @Test(
        arguments: [["decide", "popover"], ["simulate", "popover", "--synth", "tap --from 196,426"]],
        ["-0.1", "1.01", "nan", "x"])
    func outOfRange(command: [String], value: String) throws {
        let result = try PopSimProcess.run(command + ["--previous-sample-weight", value])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--previous-sample-weight"))
    }

    @Test func onlyForTheSwiftUIEstimator() throws {
        let result = try PopSimProcess.run(
            ["simulate", "popover", "--estimator", "ios", "--previous-sample-weight", "0.5", "-"],
            input: Self.stream)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--estimator ios does not use it"))
    }
}
