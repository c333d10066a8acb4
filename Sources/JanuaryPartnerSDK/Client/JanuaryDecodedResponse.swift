/// A decoded answer together with the response it came in, for when the status, a header (such as `Location`)
/// or the request ID matters as well as the value.
public struct JanuaryDecodedResponse<Value> {
    /// The decoded body.
    public let value: Value

    /// The response: status, header fields, request ID and the raw body.
    public let response: JanuaryResponse

    /// Creates a decoded response, for example in your own tests.
    ///
    /// - Parameters:
    ///   - value: The decoded body.
    ///   - response: The response it came in.
    public init(value: Value, response: JanuaryResponse) {
        self.value = value
        self.response = response
    }
}

extension JanuaryDecodedResponse: Sendable where Value: Sendable {}
