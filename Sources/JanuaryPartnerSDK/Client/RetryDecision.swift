import Foundation
import JanuaryCore
import JanuaryTransport

/// Whether a failed attempt is sent again, and after how long: ``JanuaryRetryPolicy``'s rules as a pure function,
/// so that every rule is tested without a network or a clock.
enum RetryDecision: Equatable {
    /// Wait this many seconds, then send again.
    case retry(after: TimeInterval)
    /// Throw the failure.
    case fail

    /// The statuses that mean "try again later" when the replay class allows it.
    static let transientStatuses: Set<Int> = [500, 502, 503, 504]

    /// The decision for one failed attempt.
    ///
    /// - Parameters:
    ///   - failure: The error the attempt produced: mapped from January's response, or the transport's.
    ///   - replay: Whether the request may be sent again at all, and after an ambiguous failure.
    ///   - retriesSoFar: How many retries this request has had.
    ///   - waitedSoFar: How many seconds its retries have waited.
    ///   - policy: The client's policy.
    ///   - jitter: A random number in 0...1 for the computed wait.
    /// - Returns: ``retry(after:)`` or ``fail``.
    static func decide(
        after failure: JanuaryError,
        replay: JanuaryReplayClass,
        retriesSoFar: Int,
        waitedSoFar: TimeInterval,
        policy: JanuaryRetryPolicy,
        jitter: Double
    ) -> RetryDecision {
        guard replay.allowsResend, retriesSoFar < policy.maximumRetries, isRetryable(failure, replay: replay)
        else {
            return .fail
        }
        let wait = failure.retryAfter ?? policy.backoffDelay(forRetry: retriesSoFar + 1, jitter: jitter)
        guard wait <= policy.maximumRetryAfter, waitedSoFar + wait <= policy.maximumTotalWait else {
            return .fail
        }
        return .retry(after: wait)
    }

    /// Whether this kind of failure is worth sending again for a request of the class `replay`: a rate limit for
    /// any, a transient `5xx` or no answer only for a `safe` one.
    static func isRetryable(_ failure: JanuaryError, replay: JanuaryReplayClass) -> Bool {
        if let status = failure.statusCode {
            if status == 429 {
                return failure.code != JanuaryError.Code.creditLimitExceeded
                    && failure.code != JanuaryError.Code.requestLimitExceeded
            }
            return transientStatuses.contains(status) && failure.code != JanuaryError.Code.notImplemented
                && replay.allowsResendAfterUnknownOutcome
        }
        // No response: the request may or may not have reached January.
        let transportFailure =
            (failure.category == .network || failure.category == .timeout)
            && failure.code != JanuaryError.Code.responseTooLarge
        return transportFailure && replay.allowsResendAfterUnknownOutcome
    }
}
