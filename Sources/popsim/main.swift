import PopSimCommands

#if canImport(Glibc)
import Glibc
#endif

exit(PopSimTool.main(Array(CommandLine.arguments.dropFirst())))
