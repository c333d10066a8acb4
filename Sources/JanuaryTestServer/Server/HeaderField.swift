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
