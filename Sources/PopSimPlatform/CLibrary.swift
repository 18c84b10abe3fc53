// The one place PopSim reaches the C library. Every other module calls PopSimPlatform's typed API,
// never Glibc, Musl or Darwin: the C library is imported privately, in the three files that speak to it
// (Platform.swift: descriptors, clocks, processes and `errno`; FileSystem.swift; Signals.swift) and
// nowhere else (the other files call their wrappers), so nothing outside this module can name a C
// symbol through it, and a new platform is one branch per file here (the pattern of
// swift-argument-parser's Platform.swift and swift-numerics' shims).
#if !canImport(Glibc) && !canImport(Musl) && !canImport(Darwin)
    #error("PopSim needs a POSIX C library: Glibc, Musl or Darwin")
#endif
