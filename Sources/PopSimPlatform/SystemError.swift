/// An error number the C library reported (`errno`), with its `strerror(3)` text as its description.
/// The few numbers PopSim acts on have names (``noSuchFile``, ``interrupted``…, read with ``last``; they
/// stand beside the other C calls, in Platform.swift); compare with them, never with a C constant.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` value.
    public let code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// `strerror(3)`.
    public var description: String { Platform.errorDescription(code) }
}
