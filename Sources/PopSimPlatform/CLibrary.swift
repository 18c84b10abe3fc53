// The one place PopSim reaches the C library. Every other module imports PopSimPlatform, never
// Glibc, Musl or Darwin directly, so a new platform is one branch here (the pattern of
// swift-argument-parser's Platform.swift and swift-numerics' shims).
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#else
    #error("PopSim needs a POSIX C library: Glibc, Musl or Darwin")
#endif
