import Foundation
import JanuaryCore

/// An HTTP request for a ``JanuaryHTTPTransport``: method, URL, header fields, body, and whether it may be sent again.
///
/// The SDK may send a request more than once, after refreshing a rejected token. It does so only when
/// ``isReplayable`` is true: the caller allows it (``allowsReplay``) and the body can be read again, which a
/// ``Body/stream(_:)`` body cannot.
///
/// Printing never shows a credential: `description`, `debugDescription` and `dump` show `Authorization` (and
/// the other fields ``JanuaryHTTPHeaderFields`` redacts) as `<redacted>`, and a URL's user and password likewise.
public struct JanuaryHTTPRequest: Sendable {
    /// The request method, such as `GET` or `POST`. Its name must be a token (RFC 9110 §9.1).
    public var method: JanuaryHTTPMethod

    /// The absolute `http` or `https` URL to send to.
    public var url: URL

    /// The header fields to send.
    public var headerFields: JanuaryHTTPHeaderFields

    /// The request content.
    public var body: Body

    /// Whether the caller allows the SDK to send this request again, for example after refreshing a token.
    ///
    /// Set it to `false` for requests that must not be repeated even when they could be, such as a payment.
    public var allowsReplay: Bool

    /// Seconds to wait for the response before failing with a timeout; `nil` uses the session's setting.
    public var timeout: TimeInterval?

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - method: The request method; `GET` by default.
    ///   - url: The absolute `http` or `https` URL.
    ///   - headerFields: The header fields to send.
    ///   - body: The content; empty by default.
    ///   - allowsReplay: Whether the SDK may send the request again; `true` by default.
    ///   - timeout: Seconds to wait for a response, or `nil` for the session's default.
    public init(
        method: JanuaryHTTPMethod = .get,
        url: URL,
        headerFields: JanuaryHTTPHeaderFields = [:],
        body: Body = .empty,
        allowsReplay: Bool = true,
        timeout: TimeInterval? = nil
    ) {
        self.method = method
        self.url = url
        self.headerFields = headerFields
        self.body = body
        self.allowsReplay = allowsReplay
        self.timeout = timeout
    }

    /// Whether the request may be sent again: the caller allows it and the body can be read again.
    public var isReplayable: Bool {
        allowsReplay && body.isReplayable
    }
}

extension JanuaryHTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A one-line summary with credentials redacted, such as
    /// `JanuaryHTTPRequest(POST https://api.example/v1, headers: [Authorization: <redacted>], body: 12 bytes)`.
    public var description: String {
        var parts = ["\(method) \(Self.printable(url))", "headers: \(headerFields)", "body: \(body)"]
        if !allowsReplay {
            parts.append("replay not allowed")
        }
        if let timeout {
            parts.append("timeout: \(timeout)s")
        }
        return "JanuaryHTTPRequest(" + parts.joined(separator: ", ") + ")"
    }

    /// The same text as ``description``.
    public var debugDescription: String {
        description
    }

    /// A mirror whose children are redacted, so that `dump` and debuggers show no credential.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method.rawValue,
                "url": Self.printable(url),
                "headerFields": headerFields,
                "body": body.description,
                "allowsReplay": allowsReplay,
                "timeout": timeout as Any,
            ],
            displayStyle: .struct
        )
    }

    /// The URL with any user and password replaced by `<redacted>`. Such URLs are refused before sending, but
    /// the refused request may still be printed.
    static func printable(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.percentEncodedUser != nil || components.percentEncodedPassword != nil
        else {
            return url.absoluteString
        }
        components.percentEncodedUser = nil
        components.percentEncodedPassword = nil
        // URLComponents would percent-encode the placeholder's angle brackets, so splice it in as text.
        guard let text = components.string, let authority = text.range(of: "://") else {
            return Redaction.placeholder
        }
        return text[..<authority.upperBound] + Redaction.placeholder + "@" + text[authority.upperBound...]
    }
}
