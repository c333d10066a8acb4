import Foundation
import JanuaryCore
import JanuaryTransport

/// The last body-less request a client checked, with what the check made of it, so that the same request sent
/// again is not checked and built again.
///
/// A check is a pure function of the request and the client's fixed settings (base URL, default timeout, user
/// agent), and a body-less result holds nothing that a send uses up, so an equal request may take the result as it
/// is. One is kept, which is what it is for: an app that sends one request over and over (a log it refreshes, a
/// poll), as a plain URLSession caller would build its request once and reuse it. A request with a body or header
/// fields of its own is never kept, nor is one the check refuses. Nothing here holds a credential: `Authorization`
/// is added after the check, per send (`CheckedHTTPRequest.authorized(bearer:)`), and `signOut()` forgets the one
/// kept, which names the user it acted for.
///
/// Measured on figure 5a's request (`january-bench --profile sdk` under `perf`), the check was about 7.5 µs of CPU
/// per request, most of it the path's parse and `URL(string:)`; a request equal to the last one skips it for a
/// comparison of its fields. `LastPreparedRequestTests` holds every field the check reads to the comparison.
final class LastPreparedRequest: Sendable {
    /// The check's result.
    let prepared: CheckedHTTPRequest

    /// The request as it was sent: what an equal request is compared with.
    private let request: JanuaryRequest
    private let user: PartnerUserID?

    /// Keeps what `request`, sent for `user`, was checked into; `nil` when the request has a body or header fields
    /// of its own, whose results are never kept.
    init?(_ request: JanuaryRequest, user: PartnerUserID?, prepared: CheckedHTTPRequest) {
        guard Self.isKept(request) else {
            return nil
        }
        self.prepared = prepared
        self.request = request
        self.user = user
    }

    /// Whether `other`, sent for `user`, is the request kept here: every field the check reads is equal. A typed
    /// operation's encoded path is told from the same text given as a path, which is encoded differently.
    func matches(_ other: JanuaryRequest, user: PartnerUserID?) -> Bool {
        Self.isKept(other) && other.method == request.method
            && (other.encodedPath != nil) == (request.encodedPath != nil) && other.path == request.path
            && other.queryItems == request.queryItems && user?.rawValue == self.user?.rawValue
            && other.timeout == request.timeout && other.replay == request.replay
    }

    /// Whether a request's check may be kept: it has no body and no header fields of its own. Comparing the
    /// fields would cost more of an app than keeping them is worth.
    private static func isKept(_ request: JanuaryRequest) -> Bool {
        guard case .empty = request.body.storage else {
            return false
        }
        return request.headers.isEmpty
    }
}
