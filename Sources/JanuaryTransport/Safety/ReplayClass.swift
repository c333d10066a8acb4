import Foundation

/// Whether a request may be sent more than once: decided once for each request, where it is made, and read
/// wherever a second send is considered (a replay after a refreshed credential, a retry after a failure).
package enum ReplayClass: Sendable, Equatable {
    /// Sending it twice has the effect of sending it once: it may be replayed with a new credential and retried
    /// after a failure whose outcome is unknown (no answer, a `5xx`).
    case safe
    /// It may be sent again only when the server certainly did not act on it (a credential it rejected, a rate
    /// limit), never after an unknown outcome: a create the server does not deduplicate.
    case onceOnly
    /// It is never sent twice: its body is a one-shot stream, or its maker said so.
    case never

    /// The class of a request that may or may not be sent again at all, and whose second send does or does not
    /// have the effect of one.
    ///
    /// - Parameters:
    ///   - isReplayable: Whether the request may be sent more than once (its body can be read again, and its
    ///     maker allows it).
    ///   - isIdempotent: Whether a second send has the effect of one.
    package init(isReplayable: Bool, isIdempotent: Bool) {
        self = !isReplayable ? .never : isIdempotent ? .safe : .onceOnly
    }
}
