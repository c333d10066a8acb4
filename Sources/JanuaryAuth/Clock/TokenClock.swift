import Foundation

/// The source of time for token freshness, provider timeouts and refresh backoff.
///
/// Tokens expire at a wall-clock `Date` chosen by January, so freshness has to be judged against a `Date`
/// too; a monotonic `Clock<Duration>` would also need iOS 16. The SDK uses ``SystemTokenClock``; tests inject
/// a manual clock so that expiry, timeouts and backoff can be checked without sleeping.
package protocol TokenClock: Sendable {
    /// The current time.
    ///
    /// - Returns: The date to compare token expiry against.
    func now() -> Date

    /// Suspends the calling task for `seconds`.
    ///
    /// A non-positive duration returns at once.
    ///
    /// - Parameter seconds: How long to wait.
    /// - Throws: `CancellationError` as soon as the calling task is cancelled.
    func sleep(for seconds: TimeInterval) async throws
}
