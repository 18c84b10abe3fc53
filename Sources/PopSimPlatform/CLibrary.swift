// The one place PopSim reaches the C library. Every other module calls PopSimPlatform's typed API,
// never Glibc, Musl or Darwin: the C library is imported privately (an internal import in each file of
// this module that needs it), so nothing outside this module can name a C symbol through it, and a new
// platform is one branch per file here (the pattern of swift-argument-parser's Platform.swift and
// swift-numerics' shims).
#if !canImport(Glibc) && !canImport(Musl) && !canImport(Darwin)
    #error("PopSim needs a POSIX C library: Glibc, Musl or Darwin")
#endif
