import Foundation

/// The real clock: `Date()` for the time and `Task.sleep(nanoseconds:)` for waiting.
package struct SystemTokenClock: TokenClock {
    /// The longest single sleep, about 292 years, beyond which nanoseconds no longer fit in a `UInt64`.
    private static let longestSleep = TimeInterval(UInt64.max / 1_000_000_000)

    /// Creates the system clock.
    package init() {}

    /// The current wall-clock time.
    ///
    /// - Returns: `Date()`.
    package func now() -> Date {
        Date()
    }

    /// Sleeps with `Task.sleep(nanoseconds:)`, which exists on every platform the SDK supports.
    ///
    /// - Parameter seconds: How long to wait; non-positive or NaN returns at once, huge values are capped.
    /// - Throws: `CancellationError` when the calling task is cancelled.
    package func sleep(for seconds: TimeInterval) async throws {
        guard seconds > 0 else {
            try Task.checkCancellation()
            return
        }
        let nanoseconds = UInt64(min(seconds, Self.longestSleep) * 1_000_000_000)
        try await Task.sleep(nanoseconds: nanoseconds)
    }
}
