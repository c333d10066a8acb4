import Foundation
import JanuaryCore

/// An HTTP request method, such as `GET` or `POST`: an extensible set of values, so a method this type does not
/// name can still be sent.
///
/// The one place that knows what a method promises: ``isIdempotent`` decides, for the transport and for the SDK
/// above it, whether a request whose outcome is unknown may be sent again on the strength of its method alone.
///
/// ```swift
/// let request = JanuaryHTTPRequest(method: .post, url: url, body: .data(json))
/// request.method.isIdempotent // false: a second POST may act twice
/// ```
public struct JanuaryHTTPMethod: JanuaryExtensibleString {
    /// The method's name as sent on the wire, such as `GET`.
    public let rawValue: String

    /// Creates a method from its name; the name is upper-cased, as every registered method is spelled.
    ///
    /// A name that is not an HTTP token is refused when a request carrying it is checked before sending.
    ///
    /// - Parameter rawValue: The method's name.
    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    /// `GET`.
    public static let get = JanuaryHTTPMethod(rawValue: "GET")
    /// `HEAD`.
    public static let head = JanuaryHTTPMethod(rawValue: "HEAD")
    /// `POST`.
    public static let post = JanuaryHTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = JanuaryHTTPMethod(rawValue: "PUT")
    /// `PATCH`.
    public static let patch = JanuaryHTTPMethod(rawValue: "PATCH")
    /// `DELETE`.
    public static let delete = JanuaryHTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`.
    public static let options = JanuaryHTTPMethod(rawValue: "OPTIONS")

    /// Whether sending a request with this method twice has the same intended effect as sending it once
    /// (RFC 9110 §9.2.2): `GET`, `HEAD`, `OPTIONS`, `TRACE`, `PUT` and `DELETE`.
    ///
    /// `POST`, `PATCH` and any method this type does not know are not: after a timeout or a lost connection,
    /// nobody can tell whether the server acted, and a second request may act again. A particular endpoint may
    /// promise more than its method does; the SDK's requests say so on their own.
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .options, .put, .delete: true
        case JanuaryHTTPMethod(rawValue: "TRACE"): true
        default: false
        }
    }

    /// Whether a request with this method may carry content on every platform: not `GET` or `HEAD`, whose
    /// bodies some URL loading systems drop or refuse.
    var allowsBody: Bool {
        self != .get && self != .head
    }
}
