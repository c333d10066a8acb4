import Foundation
import JanuaryCore
import JanuaryTransport

/// What January answered to a ``JanuaryRequest`` that succeeded (a 2xx status).
///
/// Unsuccessful statuses are thrown as ``/JanuaryCore/JanuaryError`` instead, so a response in hand is a success.
public struct JanuaryResponse: Sendable {
    /// The HTTP status code, in `200..<300`.
    public let statusCode: Int

    /// The response body.
    public let body: Data

    /// January's identifier for the request, from the `X-January-API-Request-ID` header; quote it to support.
    public let requestID: String?

    private let headerFields: HTTPHeaderFields

    init(_ response: HTTPTransportResponse) {
        self.statusCode = response.statusCode
        self.body = response.body
        self.requestID = response.requestID
        self.headerFields = response.headerFields
    }

    /// The value of a response header field, compared case-insensitively; several fields of the same name
    /// are joined with commas.
    ///
    /// - Parameter name: The field's name, such as `Content-Type`.
    /// - Returns: The value, or `nil` when the response has no such field.
    public func value(forHTTPHeaderField name: String) -> String? {
        let values = headerFields.values(for: name)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}
