import Foundation
import JanuaryCore

/// How long the SDK waits before asking your token provider again after it has failed several times in a row.
///
/// The first retry after a failure is immediate, so one transient error costs nothing. From the second
/// consecutive failure on, the wait grows geometrically: `initialDelay * multiplier^(failures - 2)`, capped at
/// ``maximumDelay``. The wait is measured from the time of the last failure, so a request that arrives after
/// the delay has passed calls the provider at once. A successful token resets the count.
///
/// ```swift
/// let backoff = TokenRefreshBackoff(initialDelay: 0.5, multiplier: 3, maximumDelay: 20)
/// backoff.delay(afterConsecutiveFailures: 1) // 0
/// backoff.delay(afterConsecutiveFailures: 2) // 0.5
/// backoff.delay(afterConsecutiveFailures: 3) // 1.5
/// ```
public struct TokenRefreshBackoff: Sendable, Hashable {
    /// The wait after the second consecutive failure, in seconds.
    public var initialDelay: TimeInterval

    /// The factor each further consecutive failure multiplies the wait by.
    public var multiplier: Double

    /// The longest wait, in seconds, however many failures there have been.
    public var maximumDelay: TimeInterval

    /// Creates a backoff policy.
    ///
    /// Negative or NaN values are treated as zero, so a misconfiguration can shorten the wait but never
    /// make it negative or endless.
    ///
    /// - Parameters:
    ///   - initialDelay: The wait after the second consecutive failure, in seconds.
    ///   - multiplier: The factor each further failure multiplies the wait by.
    ///   - maximumDelay: The cap on the wait, in seconds.
    public init(initialDelay: TimeInterval = 1, multiplier: Double = 2, maximumDelay: TimeInterval = 30) {
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
    }

    /// One second, doubling, at most thirty seconds.
    public static let `default` = TokenRefreshBackoff()

    /// No waiting at all: every request after a failure calls the provider at once.
    public static let none = TokenRefreshBackoff(initialDelay: 0, multiplier: 1, maximumDelay: 0)

    /// The wait before the next provider call after `count` consecutive failures.
    ///
    /// - Parameter count: How many provider calls have failed in a row.
    /// - Returns: `0` when `count` is at most 1; otherwise `initialDelay * multiplier^(count - 2)`, capped at
    ///   ``maximumDelay``.
    public func delay(afterConsecutiveFailures count: Int) -> TimeInterval {
        guard count > 1 else {
            return 0
        }
        return Backoff(initial: initialDelay, multiplier: multiplier, maximum: maximumDelay)
            .delay(atStep: count - 2)
    }
}
