import Foundation
import JanuaryCore

/// An HTTP response as an ``HTTPTransport`` received it, whatever its status.
///
/// Besides the raw status, fields and body, it carries what the SDK reads from every response: January's
/// ``requestID`` and the parsed `WWW-Authenticate` ``challenges``. ``statusError()`` turns a non-2xx status
/// into the matching ``/JanuaryCore/JanuaryError``.
///
/// Printing shows the status, the fields with credentials (such as `Set-Cookie`) redacted, and the body's size,
/// never its content.
public struct HTTPTransportResponse: Sendable {
    /// The name of the field in which January returns the identifier of a request.
    public static let requestIDFieldName = "X-January-API-Request-ID"

    /// The HTTP status code.
    public let statusCode: Int

    /// The response's header fields.
    public let headerFields: HTTPHeaderFields

    /// The response content, decoded from any content coding.
    public let body: Data

    /// The URL that answered, after any redirects that were followed.
    public let url: URL?

    /// Whether a redirect took the request to a hop that was sent without its credential (another origin, or
    /// any hop after one), so that this answer is not the verdict of the credential's own origin on it.
    ///
    /// A `401` with `error="invalid_token"` from such a hop says nothing about the token: do not discard or
    /// refresh a token because of it.
    public let credentialWithdrawnByRedirect: Bool

    /// January's identifier for the request, from `X-January-API-Request-ID`, for support requests.
    ///
    /// `nil` when the field is missing, empty, longer than 256 bytes or not visible ASCII: the value ends up
    /// in errors and logs, so an odd one is dropped rather than printed.
    public let requestID: String?

    /// The challenges of every `WWW-Authenticate` field, in order, as
    /// ``AuthenticationChallenge/parse(_:)-([String])`` reads them.
    public let challenges: [AuthenticationChallenge]

    /// Creates a response, for example in a test transport.
    ///
    /// - Parameters:
    ///   - statusCode: The HTTP status code.
    ///   - headerFields: The header fields.
    ///   - body: The content.
    ///   - url: The URL that answered, if known.
    ///   - credentialWithdrawnByRedirect: Whether a redirect led to a hop sent without the credential.
    public init(
        statusCode: Int,
        headerFields: HTTPHeaderFields = [:],
        body: Data = Data(),
        url: URL? = nil,
        credentialWithdrawnByRedirect: Bool = false
    ) {
        self.statusCode = statusCode
        self.headerFields = headerFields
        self.body = body
        self.url = url
        self.credentialWithdrawnByRedirect = credentialWithdrawnByRedirect
        self.requestID = headerFields[Self.requestIDFieldName].flatMap(Self.acceptableRequestID)
        self.challenges = AuthenticationChallenge.parse(headerFields.values(for: "WWW-Authenticate"))
    }

    /// The error this status means, or `nil` for a 2xx success.
    ///
    /// - 401 and 403: ``/JanuaryCore/JanuaryError/Category/authentication``.
    /// - Other 4xx: ``/JanuaryCore/JanuaryError/Category/invalidInput``.
    /// - 5xx: ``/JanuaryCore/JanuaryError/Category/server``.
    /// - 1xx, 3xx (a redirect that was not followed) and anything else: ``/JanuaryCore/JanuaryError/Category/network``.
    ///
    /// The error carries ``statusCode`` and ``requestID``. Its message never quotes the body, which may echo
    /// request content or personal data; for a Bearer challenge it names the RFC 6750 error code.
    ///
    /// - Returns: The error, or `nil` when the status is 2xx.
    public func statusError() -> JanuaryError? {
        let status = "HTTP \(statusCode)"
        switch statusCode {
        case 200...299:
            return nil
        case 401, 403:
            var message =
                statusCode == 401
                ? "January did not accept the credential (\(status))."
                : "January refused access with this credential (\(status))."
            if let code = bearerErrorCode {
                message += " Bearer error: \(code)."
            }
            return .authentication(message, statusCode: statusCode, requestID: requestID)
        case 400...499:
            return .invalidInput(
                "January rejected the request (\(status)).",
                statusCode: statusCode,
                requestID: requestID
            )
        case 500...599:
            return JanuaryError(
                category: .server,
                message: "January had a server error (\(status)). Retrying later may succeed.",
                statusCode: statusCode,
                requestID: requestID
            )
        case 300...399:
            return networkError("January answered with a redirect that was not followed (\(status)).")
        default:
            return networkError("January answered with an unexpected status (\(status)).")
        }
    }

    private func networkError(_ message: String) -> JanuaryError {
        JanuaryError(category: .network, message: message, statusCode: statusCode, requestID: requestID)
    }

    /// The `error` of the first Bearer challenge, if it is a plain code that is safe to print (RFC 6750 §3
    /// codes are short ASCII words).
    private var bearerErrorCode: String? {
        let bearer = challenges.first { HTTPSyntax.asciiCaseInsensitiveEquals($0.scheme, "Bearer") }
        guard let code = bearer?.error, code.utf8.count <= 64, HTTPSyntax.isToken(code) else {
            return nil
        }
        return code
    }

    private static func acceptableRequestID(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count <= 256, CredentialSyntax.isHeaderSafe(trimmed) else {
            return nil
        }
        return trimmed
    }
}

extension HTTPTransportResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A one-line summary, such as `HTTPTransportResponse(401, headers: [...], body: 42 bytes, requestID: r-1)`.
    public var description: String {
        var parts = ["\(statusCode)", "headers: \(headerFields)", "body: \(body.count) bytes"]
        if let requestID {
            parts.append("requestID: \(requestID)")
        }
        return "HTTPTransportResponse(" + parts.joined(separator: ", ") + ")"
    }

    /// The same text as ``description``.
    public var debugDescription: String {
        description
    }

    /// A mirror that shows the body's size rather than its bytes, and redacted fields.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "statusCode": statusCode,
                "headerFields": headerFields,
                "body": "\(body.count) bytes",
                "url": url?.absoluteString as Any,
                "requestID": requestID as Any,
                "challenges": challenges.count,
            ],
            displayStyle: .struct
        )
    }
}
