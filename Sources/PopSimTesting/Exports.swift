// `import PopSimTesting` is enough in a test target: it re-exports the whole library (`PopSim`).
@_exported import PopSim
