import Foundation
import JanuaryCore

/// An HTTP response as a ``JanuaryHTTPTransport`` received it, whatever its status.
///
/// Besides the raw status, fields and body, it reads the fields a client acts on: the request identifier
/// (``requestID``), the `WWW-Authenticate` ``challenges``, the server's ``date`` and ``retryAfter(now:)``.
/// They are read when asked for, not when the response is made, so a plain success pays for none of them.
///
/// Printing shows the status, the fields with credentials (such as `Set-Cookie`) redacted, and the body's size,
/// never its content.
public struct JanuaryHTTPResponse: Sendable {
    /// The fields that carry a request identifier, in order of preference.
    public static let requestIDFieldNames = ["x-request-id", "request-id"]

    /// The HTTP status code.
    public let statusCode: Int

    /// The response's header fields.
    public let headerFields: JanuaryHTTPHeaderFields

    /// The response content, decoded from any content coding.
    public let body: Data

    /// The URL that answered, after any redirects that were followed.
    public var url: URL? { urlReference?.value }
    /// ``url``, boxed for the reason ``JanuaryHTTPRequest`` boxes its URL.
    private let urlReference: Boxed<URL>?

    /// Whether a redirect took the request to a hop that was sent without its credential (another origin, or
    /// any hop after one), so that this answer is not the verdict of the credential's own origin on it.
    ///
    /// A `401` from such a hop says nothing about the token: do not discard or refresh a token because of it.
    public let credentialWithdrawnByRedirect: Bool

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
        headerFields: JanuaryHTTPHeaderFields = [:],
        body: Data = Data(),
        url: URL? = nil,
        credentialWithdrawnByRedirect: Bool = false
    ) {
        self.init(
            statusCode: statusCode,
            headerFields: headerFields,
            body: body,
            urlReference: url.map(Boxed.init),
            credentialWithdrawnByRedirect: credentialWithdrawnByRedirect
        )
    }

    /// Creates a response whose URL is already boxed: the transport hands over the request's own box when no
    /// redirect changed the URL, so that a response allocates nothing for it.
    package init(
        statusCode: Int,
        headerFields: JanuaryHTTPHeaderFields,
        body: Data,
        urlReference: Boxed<URL>?,
        credentialWithdrawnByRedirect: Bool
    ) {
        self.statusCode = statusCode
        self.headerFields = headerFields
        self.body = body
        self.urlReference = urlReference
        self.credentialWithdrawnByRedirect = credentialWithdrawnByRedirect
    }

    /// The server's identifier for the request, from `x-request-id` (or `request-id`), for support requests.
    ///
    /// `nil` when the field is missing, empty, longer than 256 bytes or not visible ASCII: the value ends up
    /// in errors and logs, so an odd one is dropped rather than printed.
    public var requestID: String? {
        for name in Self.requestIDFieldNames {
            if let value = headerFields[name], let acceptable = Self.acceptableRequestID(value) {
                return acceptable
            }
        }
        return nil
    }

    /// The challenges of every `WWW-Authenticate` field, in order, as
    /// ``AuthenticationChallenge/parse(_:)-([String])`` reads them.
    public var challenges: [AuthenticationChallenge] {
        AuthenticationChallenge.parse(headerFields.values(for: "WWW-Authenticate"))
    }

    /// The server's clock when it answered, from the `Date` field; `nil` when it is missing or not an HTTP-date.
    public var date: Date? {
        headerFields["Date"].flatMap(HTTPDate.parse)
    }

    /// How many seconds the server asks the client to wait before trying again, from `Retry-After` (seconds or
    /// an HTTP-date); `nil` when the field is missing or malformed.
    ///
    /// - Parameter now: The current time, to turn an HTTP-date into a wait.
    /// - Returns: The wait in seconds, never negative.
    public func retryAfter(now: Date) -> TimeInterval? {
        headerFields["Retry-After"].flatMap { RetryAfter.seconds(from: $0, now: now) }
    }

    private static func acceptableRequestID(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count <= 256, CredentialSyntax.isHeaderSafe(trimmed) else {
            return nil
        }
        return trimmed
    }
}

extension JanuaryHTTPResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A one-line summary, such as `JanuaryHTTPResponse(401, headers: [...], body: 42 bytes, requestID: r-1)`.
    public var description: String {
        var parts = ["\(statusCode)", "headers: \(headerFields)", "body: \(body.count) bytes"]
        if let requestID {
            parts.append("requestID: \(requestID)")
        }
        return "JanuaryHTTPResponse(" + parts.joined(separator: ", ") + ")"
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
            ],
            displayStyle: .struct
        )
    }
}

// Parsed here because `retryAfter(now:)` above is its one reader; `HTTPDate` stays with the field syntax.

/// The `Retry-After` field (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
package enum RetryAfter {
    /// How many seconds from `now` the field asks the client to wait, or `nil` if it is not a valid value.
    ///
    /// A date in the past means no wait (0). Delay-seconds is one or more digits; values too large to
    /// represent are kept as a very long wait rather than dropped, so a client never retries early.
    ///
    /// - Parameters:
    ///   - value: The field value.
    ///   - now: The current time, for the HTTP-date form.
    /// - Returns: The wait in seconds, never negative.
    package static func seconds(from value: String, now: Date) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return Double(trimmed)
        }
        guard let date = HTTPDate.parse(trimmed) else {
            return nil
        }
        return max(0, date.timeIntervalSince(now))
    }
}
