import Foundation
import FrameBench
import PopSimParameters
import PopSimTextIO

/// A runner executable's whole life: parse, guard against debug builds, run, print, save, compare,
/// and return the exit status (``ExitCode``). `Benchmarks/PopSimBench/main.swift` only supplies the suites,
/// the allocation counter, the environment entries only it knows and its name (``BenchTool``).
public enum BenchMain {
    public static func run(
        arguments: [String], suites: [any BenchmarkSuite.Type], allocationCounter: AllocationCounter?,
        callgrind: CallgrindRequests = .unavailable,
        environmentExtra: [EnvironmentInfo.KeyValue] = [],
        tool: BenchTool = .running(),
        isDebugBuild: Bool = EnvironmentInfo.isDebugBuild,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Int32 {
        if arguments.first == CountingChild.argument {
            do {
                return CountingChild.run(
                    arguments: Array(arguments.dropFirst()), catalog: try Catalog(suites: suites),
                    callgrind: callgrind, allocationCounter: allocationCounter)
            } catch {
                return fail(error.description)
            }
        }
        let options: BenchOptions
        do {
            switch try BenchOptions.parse(arguments, tool: tool) {
            case let .help(text):
                print(text, terminator: "")
                return ExitCode.ok.rawValue
            case let .run(parsed):
                options = parsed
            }
        } catch {
            return fail(error.description)
        }
        let catalog: Catalog
        do { catalog = try Catalog(suites: suites) } catch { return fail(error.description) }
        let runner = Runner(
            options: options, catalog: catalog, allocationCounter: allocationCounter,
            environmentExtra: environmentExtra)
        if options.list {
            print(runner.listing(), terminator: "")
            return ExitCode.ok.rawValue
        }

        switch DebugGuard.decide(
            isDebugBuild: isDebugBuild, allowDebug: options.allowDebug, arguments: arguments,
            executablePath: BenchTool.runningExecutablePath, environment: environment,
            isPackageRoot: { FileManager.default.fileExists(atPath: $0 + "/Package.swift") })
        {
        case .proceed:
            break
        case let .refuse(message):
            return fail(message)
        case let .relaunch(root, buildDirectory, product):
            return fail(
                DebugGuard.relaunch(
                    packageRoot: root, buildDirectory: buildDirectory, product: product, arguments: arguments))
        }

        // Everything that can fail before measuring fails now, not after a minute of measuring.
        var counting: InstructionCounting?
        if options.counts {
            do { counting = try InstructionCounting.prepare(callgrind: callgrind, environment: environment) } catch {
                return fail(error.description)
            }
        }
        var baseline: (name: String, report: RunReport)?
        if let location = options.compareBaseline {
            do { baseline = (location.description, try BaselineStore.load(location)) } catch {
                return fail(error.description)
            }
            if let refusal = Comparison.refusal(
                options: options, baseline: baseline!.report, baselineName: location.description)
            {
                return fail(refusal)
            }
        }
        let sink: TextSink
        do {
            if let path = options.outputPath, path != "-" {
                sink = try OutputFile.open(path)
            } else {
                sink = StandardOutputSink()
            }
        } catch {
            return fail(error.description)
        }
        if let directory = options.traceDirectory {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                return fail(BenchError.cannotWrite(path: directory, reason: error.localizedDescription).description)
            }
        }
        if let other = options.ab {
            do { try ABRun.check(other: other) } catch { return fail(error.description) }
        }
        var report =
            options.ab.map { runner.runAB(other: $0, executable: BenchTool.runningExecutablePath) }
            ?? runner.run(baseline: baseline, counting: counting.map { ($0, BenchTool.runningExecutablePath) })
        report.title = tool.title
        report.product = tool.product

        let text: String
        switch options.format {
        case .text: text = TextReport.render(report)
        case .csv: text = ReportEncoding.csv(report)
        case .json: text = ReportEncoding.json(report)
        case .github: text = ReportEncoding.github(report)
        case .html: text = HTMLReport.render(report)
        }
        do {
            try sink.write(text)
            try sink.finish()
        } catch {
            (sink as? FileSink)?.discard()
            return fail(error.description)
        }
        if let location = options.saveBaseline {
            do {
                try BaselineStore.save(report, to: location)
                FileHandle.standardError.write(
                    Data("\(tool.product): saved baseline '\(location)' to \(location.path)\n".utf8))
            } catch {
                return fail(error.description)
            }
        }
        for error in report.errors { FileHandle.standardError.write(Data("error: \(error)\n".utf8)) }
        return ExitCode.forRun(errors: report.errors.count, comparison: report.comparison, ab: report.ab).rawValue
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return ExitCode.error.rawValue
    }
}
