import Foundation
import JanuaryCore
import JanuaryTransport

/// What January answered to a ``JanuaryRequest`` that succeeded (a 2xx status).
///
/// Unsuccessful statuses are thrown as ``/JanuaryCore/JanuaryError`` instead, so a response in hand is a success.
public struct JanuaryResponse: Sendable {
    /// The HTTP status code, in `200..<300`.
    public let statusCode: Int

    /// The response body; empty for `204 No Content`.
    public let body: Data

    /// January's identifier for the request, from the `x-request-id` header; quote it to support.
    public let requestID: String?

    /// The response's header fields.
    public let headerFields: JanuaryHTTPHeaderFields

    /// Creates a response, for example to stand in for the client in your own tests.
    ///
    /// - Parameters:
    ///   - statusCode: The HTTP status code.
    ///   - body: The body.
    ///   - headerFields: The header fields.
    ///   - requestID: January's request identifier; read from `headerFields` (`x-request-id`) when `nil`.
    public init(
        statusCode: Int, body: Data = Data(), headerFields: JanuaryHTTPHeaderFields = [:], requestID: String? = nil
    ) {
        self.statusCode = statusCode
        self.body = body
        self.headerFields = headerFields
        self.requestID =
            requestID ?? JanuaryHTTPResponse(statusCode: statusCode, headerFields: headerFields).requestID
    }

    init(_ response: JanuaryHTTPResponse) {
        self.statusCode = response.statusCode
        self.body = response.body
        self.requestID = response.redactedRequestID
        self.headerFields = response.headerFields
    }

    /// The value of a response header field, compared case-insensitively; several fields of the same name
    /// are joined with commas.
    ///
    /// - Parameter name: The field's name, such as `Location`.
    /// - Returns: The value, or `nil` when the response has no such field.
    public func value(forHTTPHeaderField name: String) -> String? {
        let values = headerFields.values(for: name)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}

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
