import Foundation

/// A request exactly as the ``LoopbackHTTPServer`` received it, kept so that a test can check what the client
/// sent.
///
/// The server records a request once its head and whole body have arrived, before it answers. Malformed
/// input that is not an HTTP request (it is answered with `400 Bad Request`) is not recorded.
///
/// ```swift
/// let request = try #require(server.receivedRequests.first)
/// #expect(request.method == "POST")
/// #expect(request.path == "/v1/events")
/// #expect(request.value(forHeader: "authorization") == "Bearer test-token")
/// ```
public struct RecordedRequest: Sendable {
    /// The request method, such as `GET`, as sent (methods are case-sensitive, RFC 9110 §9.1).
    public let method: String

    /// The request target from the request line, such as `/v1/x?y=1` (RFC 9112 §3.2).
    public let target: String

    /// Every header field in the order received, names spelled as sent.
    public let headerFields: [HeaderField]

    /// The request content after removing any chunked transfer coding; empty when there was none.
    public let body: Data

    /// Creates a recorded request, for example to unit-test a handler without a connection.
    ///
    /// - Parameters:
    ///   - method: The request method.
    ///   - target: The request target, such as `/v1/x?y=1`.
    ///   - headerFields: The header fields in order.
    ///   - body: The decoded request content.
    public init(method: String, target: String, headerFields: [HeaderField] = [], body: Data = Data()) {
        self.method = method
        self.target = target
        self.headerFields = headerFields
        self.body = body
    }

    /// The path part of ``target``, without the query: `/v1/x` for `/v1/x?y=1`.
    ///
    /// For an absolute-form target (`http://host/p?q`, as sent to proxies) this is the URL's path.
    public var path: String {
        let originForm = Self.originForm(of: target)
        guard let mark = originForm.firstIndex(of: "?") else {
            return String(originForm)
        }
        return String(originForm[..<mark])
    }

    /// The query part of ``target`` without the `?`, still percent-encoded; `nil` when the target has no `?`.
    public var query: String? {
        let originForm = Self.originForm(of: target)
        guard let mark = originForm.firstIndex(of: "?") else {
            return nil
        }
        return String(originForm[originForm.index(after: mark)...])
    }

    /// The value of the first header field with this name, compared case-insensitively.
    ///
    /// - Parameter name: A field name such as `Content-Type`, in any case.
    /// - Returns: The first matching value, or `nil` if the request had no such field.
    public func value(forHeader name: String) -> String? {
        headerFields.first { Self.namesMatch($0.name, name) }?.value
    }

    /// The values of every header field with this name, in the order received.
    ///
    /// - Parameter name: A field name such as `Accept`, in any case.
    /// - Returns: The matching values; empty if the request had no such field.
    public func values(forHeader name: String) -> [String] {
        headerFields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Field names are ASCII tokens, so ASCII case folding is the whole of RFC 9110 §5.1's comparison.
    static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && zip(lhs.utf8, rhs.utf8).allSatisfy { asciiLower($0) == asciiLower($1) }
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    /// Reduces an absolute-form target to the path and query a test usually means (RFC 9112 §3.2.2).
    private static func originForm(of target: String) -> Substring {
        guard !target.hasPrefix("/"), let schemeEnd = target.range(of: "://") else {
            return target[...]
        }
        let authorityAndRest = target[schemeEnd.upperBound...]
        guard let slash = authorityAndRest.firstIndex(where: { $0 == "/" || $0 == "?" }) else {
            return "/"
        }
        let rest = authorityAndRest[slash...]
        return rest.hasPrefix("?") ? ("/" + rest)[...] : rest
    }
}

// A recorded request's fields are the first place a test meets this type; scripted responses use it too.

/// One header field line of an HTTP message, as the loopback server read or will write it.
///
/// Names keep the spelling they arrived with; compare them case-insensitively (RFC 9110 §5.1), as
/// ``RecordedRequest/value(forHeader:)`` does. The order of fields in a message is kept, and a name may repeat.
public struct HeaderField: Sendable, Hashable {
    /// The field name, such as `Content-Type`, spelled as sent.
    public let name: String

    /// The field value with surrounding spaces and tabs removed (RFC 9110 §5.5).
    public let value: String

    /// Creates a header field.
    ///
    /// - Parameters:
    ///   - name: The field name. The server writes it as given, so keep it a valid token.
    ///   - value: The field value. Do not put CR or LF in it; the server writes it as given.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
