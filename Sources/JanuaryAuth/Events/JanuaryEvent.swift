import Foundation
import JanuaryCore

/// Something that happened to the client's token cache or to a request's retries, reported to your event callback.
///
/// The type is not named after tokens because it also carries the client's request events (`requestRetried` and
/// `retryScheduled`), which need not involve a token at all.
///
/// Use events for metrics and diagnostics: how often your token provider is called, how long it takes, how
/// many requests each call served, why tokens were dropped, and when requests were retried. An event never
/// contains a token or a key, so it is safe to log as it is.
///
/// Which properties are set depends on the ``kind``:
///
/// - `.providerCallStarted`: ``attempt``.
/// - `.providerCallFinished`: ``attempt``, ``duration``, ``outcome``, ``waiterCount``, and ``generation``
///   of the new token on success.
/// - `.tokenInvalidated`: ``generation`` of the token January rejected.
/// - `.tokenCacheCleared`: ``generation`` of the token dropped, if one was held.
/// - `.circuitBreakerOpened`: ``generation`` of the last token rejected and ``retryAfter``, the cool-down.
/// - `.circuitBreakerClosed`: ``generation`` of the token January accepted.
/// - `.eventsDropped`: ``droppedCount``, events lost because the callback fell too far behind.
/// - `.tokenJudgedByDeviceClock` and `.tokenLifetimeClamped`: ``generation`` of the token concerned.
/// - `requestRetried` and `retryScheduled` (added by `JanuaryPartnerSDK`): ``generation``, and for a scheduled
///   retry ``attempt``, ``retryAfter``, ``statusCode`` and ``code``.
/// - `tokenRevokedOrUnknown` (added by `JanuaryPartnerSDK`): ``generation`` of the token January refused,
///   ``statusCode`` 401 and ``code`` (`token_revoked` or `token_invalid`).
///
/// Events are delivered asynchronously, one at a time and in the order the changes happened, on a thread of the
/// SDK's own, never on the thread that sends a request, cancels a task or signs out: a callback that
/// blocks or takes a lock cannot deadlock those calls. If the callback falls more than the buffer's capacity
/// behind, the oldest events are dropped and an `.eventsDropped` event says how many.
public struct JanuaryEvent: Sendable, CustomStringConvertible {
    /// What happened.
    public let kind: Kind

    /// When it happened, by the SDK's wall clock.
    public let date: Date

    /// The number of the token provider call concerned, counting from 1 for the first call; for a scheduled
    /// retry, the number of the retry.
    public let attempt: UInt64?

    /// How long the provider call took, in seconds; set on `.providerCallFinished`.
    public let duration: TimeInterval?

    /// How the provider call ended; set on `.providerCallFinished`.
    ///
    /// `nil` means it returned a usable token. Otherwise it is the category of the error the waiting requests
    /// received, such as `tokenProvider` for a failure or timeout or `cancelled` when the call was abandoned.
    public let outcome: JanuaryError.Category?

    /// How many requests received the result of this one provider call; set on `.providerCallFinished`.
    public let waiterCount: Int?

    /// The generation of the token concerned: every token the SDK caches gets the next generation number.
    public let generation: UInt64?

    /// Seconds until something happens again: the cool-down of an opened breaker, or the wait before a retry.
    public let retryAfter: TimeInterval?

    /// The HTTP status of the response that caused the event, such as 429 for a retry; `nil` without one.
    public let statusCode: Int?

    /// January's error code behind the event, such as `rate_limited`, when there is one.
    public let code: String?

    /// How many events were dropped; set on `.eventsDropped`.
    public let droppedCount: Int?

    /// Creates an event.
    ///
    /// The SDK creates these for you; the initializer is public so that your tests can feed your own event
    /// handling code.
    ///
    /// - Parameters:
    ///   - kind: What happened.
    ///   - date: When it happened.
    ///   - attempt: The provider call or retry number, if one is concerned.
    ///   - duration: How long the provider call took, for a finished call.
    ///   - outcome: `nil` for success or the failure's category, for a finished call.
    ///   - waiterCount: How many requests the call served, for a finished call.
    ///   - generation: The token generation concerned, if any.
    ///   - retryAfter: Seconds until the next attempt, if any.
    ///   - statusCode: The HTTP status behind the event, if any.
    ///   - code: January's error code behind the event, if any.
    ///   - droppedCount: How many events were dropped, for `.eventsDropped`.
    public init(
        kind: Kind,
        date: Date,
        attempt: UInt64? = nil,
        duration: TimeInterval? = nil,
        outcome: JanuaryError.Category? = nil,
        waiterCount: Int? = nil,
        generation: UInt64? = nil,
        retryAfter: TimeInterval? = nil,
        statusCode: Int? = nil,
        code: String? = nil,
        droppedCount: Int? = nil
    ) {
        self.kind = kind
        self.date = date
        self.attempt = attempt
        self.duration = duration
        self.outcome = outcome
        self.waiterCount = waiterCount
        self.generation = generation
        self.retryAfter = retryAfter
        self.statusCode = statusCode
        self.code = code
        self.droppedCount = droppedCount
    }

    /// A one-line summary built only from the event's own fields, so it is safe to log.
    public var description: String {
        var parts = ["\(kind)", "at \(Redaction.printable(date))"]
        if let attempt {
            parts.append("attempt \(attempt)")
        }
        if let duration {
            parts.append("duration \(duration) s")
        }
        if kind == .providerCallFinished {
            parts.append("outcome \(outcome.map(\.description) ?? "success")")
        }
        if let waiterCount {
            parts.append("waiters \(waiterCount)")
        }
        if let generation {
            parts.append("generation \(generation)")
        }
        if let retryAfter {
            parts.append("retry after \(retryAfter) s")
        }
        if let statusCode {
            parts.append("status \(statusCode)")
        }
        if let code {
            parts.append("code \(code)")
        }
        if let droppedCount {
            parts.append("dropped \(droppedCount)")
        }
        return "JanuaryEvent(" + parts.joined(separator: ", ") + ")"
    }
}

/// The former name of ``JanuaryEvent``, kept so that code written against 0.2 builds with a warning and a fix-it.
@available(*, deprecated, renamed: "JanuaryEvent")
public typealias JanuaryTokenEvent = JanuaryEvent
