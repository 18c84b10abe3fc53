import PopSimCommands
import PopSimPlatform

// Before anything runs: every terminating signal removes unfinished outputs and ends the process by
// its default action, and SIGQUIT is taken from the Swift runtime's crash reporter, which would
// otherwise print a crash report and let the run continue (Documentation/reliability.md, "Signals").
TerminationSignals.install()
Platform.exitProcess(PopSimTool.main(Array(CommandLine.arguments.dropFirst())))
