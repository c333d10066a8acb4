import Foundation
import JanuaryCore

/// Something that happened to the SDK's token cache, reported to your event callback.
///
/// Use events for metrics and diagnostics: how often your token provider is called, how long it takes, how
/// many requests each call served, and why tokens were dropped. An event never contains a token or a key,
/// so it is safe to log as it is.
///
/// Which properties are set depends on the ``kind``:
///
/// - ``Kind/providerCallStarted``: ``attempt``.
/// - ``Kind/providerCallFinished``: ``attempt``, ``duration``, ``outcome``, ``waiterCount``, and ``generation``
///   of the new token on success.
/// - ``Kind/tokenInvalidated``: ``generation`` of the token January rejected.
/// - ``Kind/coordinatorReset``: ``generation`` of the token dropped, if one was held.
/// - `requestRetried` (added by `JanuaryPartnerSDK`): ``generation`` of the token the retry carries.
///
/// Events are delivered one at a time, in the order the changes happened, on whichever thread made the
/// change. Keep the callback short and do not block in it.
public struct JanuaryTokenEvent: Sendable, CustomStringConvertible {
    /// What happened.
    public let kind: Kind

    /// When it happened, by the SDK's clock.
    public let date: Date

    /// The number of the token provider call concerned, counting from 1 for the first call.
    public let attempt: UInt64?

    /// How long the provider call took, in seconds; set on ``Kind/providerCallFinished``.
    public let duration: TimeInterval?

    /// How the provider call ended; set on ``Kind/providerCallFinished``.
    ///
    /// `nil` means it returned a usable token. Otherwise it is the category of the error the waiting
    /// requests received: ``/JanuaryCore/JanuaryError/Category/tokenProvider`` for a failure or timeout,
    /// ``/JanuaryCore/JanuaryError/Category/cancelled`` when the call was abandoned.
    public let outcome: JanuaryError.Category?

    /// How many requests received the result of this one provider call; set on ``Kind/providerCallFinished``.
    public let waiterCount: Int?

    /// The generation of the token concerned: every token the SDK caches gets the next generation number.
    public let generation: UInt64?

    /// Creates an event; only the SDK's own modules create them.
    ///
    /// - Parameters:
    ///   - kind: What happened.
    ///   - date: When it happened, by the SDK's clock.
    ///   - attempt: The provider call number, if one is concerned.
    ///   - duration: How long the provider call took, for a finished call.
    ///   - outcome: `nil` for success or the failure's category, for a finished call.
    ///   - waiterCount: How many requests the call served, for a finished call.
    ///   - generation: The token generation concerned, if any.
    package init(
        kind: Kind,
        date: Date,
        attempt: UInt64? = nil,
        duration: TimeInterval? = nil,
        outcome: JanuaryError.Category? = nil,
        waiterCount: Int? = nil,
        generation: UInt64? = nil
    ) {
        self.kind = kind
        self.date = date
        self.attempt = attempt
        self.duration = duration
        self.outcome = outcome
        self.waiterCount = waiterCount
        self.generation = generation
    }

    /// A one-line summary built only from the event's own fields, so it is safe to log.
    public var description: String {
        var parts = ["\(kind)", "at \(date.formatted(.iso8601))"]
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
        return "JanuaryTokenEvent(" + parts.joined(separator: ", ") + ")"
    }
}
