import Foundation
import JanuaryCore

/// When to stop calling a token provider whose tokens January keeps rejecting.
///
/// A partner backend misconfigured after a key rotation (wrong environment, wrong user, revoked key) mints
/// tokens that January rejects at once. Without a brake, every request on every device would call that backend
/// again. After ``rejectionThreshold`` freshly minted tokens in a row are rejected with `invalid_token` within
/// ``window`` seconds, the breaker opens: for ``coolDown`` seconds the provider is not called and requests that
/// need a new token fail at once with category `authentication`, code `token_rejected_repeatedly` and
/// `retryAfter` set to the time left. After the cool-down one request may call the provider again; if that
/// token is rejected too the breaker reopens for twice as long (up to ``maximumCoolDown``). The first token
/// January accepts closes the breaker and forgets the streak: a response that proves January authenticated a
/// token newer than the last one rejected (a 2xx, or a 4xx other than 401, 407, 408 and 429). A rate limit, a
/// timeout or a server error proves nothing about the token and changes nothing.
///
/// ```swift
/// var configuration = JanuaryPartnerClient.Configuration()
/// configuration.tokenRejectionBreaker = TokenRejectionBreaker(rejectionThreshold: 5, window: 120)
/// ```
public struct TokenRejectionBreaker: Sendable, Hashable {
    /// How many consecutive fresh tokens January must reject, within ``window``, to open the breaker.
    /// Zero disables the breaker.
    public var rejectionThreshold: Int

    /// The span, in seconds, within which the rejections must fall.
    public var window: TimeInterval

    /// How long, in seconds, the provider is left alone the first time the breaker opens.
    public var coolDown: TimeInterval

    /// The longest cool-down, in seconds, however often the breaker reopens.
    public var maximumCoolDown: TimeInterval

    /// Creates a policy.
    ///
    /// Negative or NaN durations are treated as zero.
    ///
    /// - Parameters:
    ///   - rejectionThreshold: Consecutive rejected fresh tokens that open the breaker; 0 disables it.
    ///   - window: Seconds within which those rejections must fall.
    ///   - coolDown: Seconds the provider is left alone when the breaker first opens.
    ///   - maximumCoolDown: The cap on the doubling cool-down, in seconds.
    public init(
        rejectionThreshold: Int = 3,
        window: TimeInterval = 60,
        coolDown: TimeInterval = 30,
        maximumCoolDown: TimeInterval = 960
    ) {
        self.rejectionThreshold = rejectionThreshold
        self.window = window
        self.coolDown = coolDown
        self.maximumCoolDown = maximumCoolDown
    }

    /// Three rejections within 60 s open the breaker for 30 s, doubling up to 16 minutes.
    public static let `default` = TokenRejectionBreaker()

    /// Never opens: every rejected token costs one provider call. The off switch has the name the other
    /// policies' have (`TokenRefreshBackoff.none`, `JanuaryRetryPolicy.none`).
    public static let none = TokenRejectionBreaker(rejectionThreshold: 0)

    /// The former name of ``none``.
    @available(*, deprecated, renamed: "none")
    public static var disabled: TokenRejectionBreaker {
        none
    }

    var isEnabled: Bool {
        rejectionThreshold > 0
    }

    /// The cool-down after `openings` consecutive openings (1 for the first), doubling and capped.
    func coolDown(afterOpenings openings: Int) -> TimeInterval {
        // The cap is never below the first cool-down: a short maximum must not shorten the first opening.
        let cap = max(Backoff.nonNegative(coolDown), Backoff.nonNegative(maximumCoolDown))
        return Backoff(initial: coolDown, multiplier: 2, maximum: cap).delay(atStep: openings - 1)
    }

    var effectiveWindow: TimeInterval {
        Backoff.nonNegative(window)
    }
}
