import Foundation
import JanuaryCore

/// An HTTP request method, such as `GET` or `POST`: an extensible set of values, so a method this type does not
/// name can still be sent.
///
/// A method decides how a request is framed (a `GET` carries no body), never whether it may be sent twice: January
/// reads with `POST` and updates with `PATCH`, so the SDK states a ``JanuaryReplayClass`` for each request instead.
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

    /// Whether RFC 9110 (§9.2.2) calls the method idempotent: `GET`, `HEAD`, `OPTIONS`, `TRACE`, `PUT` and
    /// `DELETE`.
    ///
    /// What the method promises in general, not what an endpoint does: the SDK decides nothing with it, and reads
    /// each request's ``JanuaryReplayClass`` instead (`Scripts/method-decides-nothing.sh` keeps it so).
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
