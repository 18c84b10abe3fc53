/// A command line that cannot be run as written: an unknown or repeated flag, a missing or invalid
/// value. The message names the flag and the value and says what would be accepted; front ends print it
/// as `error: <message>` and exit with status 2.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
