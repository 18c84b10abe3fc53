import PopSimCommands

import PopSimPlatform

Platform.exitProcess(PopSimTool.main(Array(CommandLine.arguments.dropFirst())))
