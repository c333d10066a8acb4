import Foundation
import JanuaryCore

/// When and how long the client waits to send a request again after a rate limit or a transient failure.
///
/// Retried, on by default:
/// - `429 rate_limited`, for any request whose ``JanuaryRequest/replay`` is not `never`: January recorded nothing,
///   so even a create is safe to send again.
/// - `500`, `502`, `503`, `504` and transport failures (a dropped connection, a timeout) for a `safe` request:
///   every typed operation but the three creates (analyses, alternatives and glucose predictions use `POST` only
///   to carry a body; a food-log update replaces the fields it names), and a ``JanuaryRequest`` you made `safe`.
///
/// Never retried: `credit_limit_exceeded` and `request_limit_exceeded` (the monthly allowance is spent),
/// `not_implemented`, any other 4xx, a `never` request, and a request that is not `safe` (`createFoodLog`,
/// `createWaterLog`, `createWeightLog`, or a raw request left `onceOnly`) after an ambiguous failure: January does
/// not deduplicate writes, and a log must never be written twice; ``/JanuaryCore/JanuaryError/mayHaveTakenEffect``
/// then tells the app to check.
///
/// Each wait is `Retry-After` when January sends it, otherwise ``baseDelay`` doubling per retry with jitter
/// (between 75% and 100% of the step), at most ``maximumDelay``. If January asks for more than
/// ``maximumRetryAfter`` seconds, or the retries of one request would wait more than ``maximumTotalWait`` in all,
/// the client does not wait: it throws at once with `retryAfter` set, so the app can tell the user when to try
/// again. Waits end at once when the calling task is cancelled.
///
/// A `401` that a token refresh fixes is replayed once on its own and does not count against these retries.
///
/// ```swift
/// var configuration = JanuaryPartnerClient.Configuration()
/// configuration.retryPolicy = .none   // handle every 429 and 503 yourself
/// ```
public struct JanuaryRetryPolicy: Sendable, Hashable {
    /// How many times one request may be sent again. Zero disables retries.
    public var maximumRetries: Int

    /// The wait before the first retry when January gives no `Retry-After`, in seconds; doubles per retry.
    public var baseDelay: TimeInterval

    /// The longest computed wait, in seconds.
    public var maximumDelay: TimeInterval

    /// The longest `Retry-After` the client waits for, in seconds; beyond it the error is thrown at once.
    public var maximumRetryAfter: TimeInterval

    /// The longest the retries of one request may wait in all, in seconds.
    public var maximumTotalWait: TimeInterval

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maximumRetries: How many times one request may be sent again.
    ///   - baseDelay: The first computed wait, in seconds.
    ///   - maximumDelay: The cap on a computed wait, in seconds.
    ///   - maximumRetryAfter: The longest `Retry-After` to wait for, in seconds.
    ///   - maximumTotalWait: The cap on the waits of one request, in seconds.
    public init(
        maximumRetries: Int = 2,
        baseDelay: TimeInterval = 0.5,
        maximumDelay: TimeInterval = 8,
        maximumRetryAfter: TimeInterval = 60,
        maximumTotalWait: TimeInterval = 60
    ) {
        self.maximumRetries = maximumRetries
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.maximumRetryAfter = maximumRetryAfter
        self.maximumTotalWait = maximumTotalWait
    }

    /// Two retries, from 0.5 s doubling with jitter, at most 8 s a wait and 60 s in all.
    public static let `default` = JanuaryRetryPolicy()

    /// No retries: every rate limit and transient failure is thrown at once.
    public static let none = JanuaryRetryPolicy(maximumRetries: 0)

    /// The computed wait before retry number `retry` (1 for the first), for a jitter factor in 0...1.
    ///
    /// - Parameters:
    ///   - retry: The retry's number, from 1.
    ///   - jitter: A random number in 0...1; 1 gives the full step.
    /// - Returns: `min(baseDelay · 2^(retry−1), maximumDelay) · (0.75 + 0.25 · jitter)`, never negative.
    func backoffDelay(forRetry retry: Int, jitter: Double) -> TimeInterval {
        let step = Backoff(initial: baseDelay, multiplier: 2, maximum: maximumDelay).delay(atStep: retry - 1)
        let factor = 0.75 + 0.25 * min(1, max(0, jitter.isNaN ? 1 : jitter))
        return step * factor
    }
}
