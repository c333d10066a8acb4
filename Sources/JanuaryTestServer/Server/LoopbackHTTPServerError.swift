/// Why a ``LoopbackHTTPServer`` could not start: the socket call that failed and the `errno` it set.
public struct LoopbackHTTPServerError: Error, Sendable, CustomStringConvertible {
    /// The failing call, such as `bind`.
    public let operation: String

    /// The `errno` value the call set.
    public let code: Int32

    /// A summary such as `LoopbackHTTPServer: bind failed (errno 98)`.
    public var description: String {
        "LoopbackHTTPServer: \(operation) failed (errno \(code))"
    }
}
