import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The real clock: `Date()` for the wall clock, a monotonic clock that counts sleep for durations, and
/// `Task.sleep(nanoseconds:)` for waiting.
public struct SystemJanuaryClock: JanuaryClock {
    /// The longest single sleep, about 292 years, beyond which nanoseconds no longer fit in a `UInt64`.
    private static let longestSleep = TimeInterval(UInt64.max / 1_000_000_000)

    /// Creates the system clock.
    public init() {}

    /// The current wall-clock time.
    ///
    /// - Returns: `Date()`.
    public func now() -> Date {
        Date()
    }

    /// Seconds since an arbitrary point, counting time the device spends asleep: a token's lifetime runs out
    /// while an app is suspended, so a clock that stops during sleep (such as `DispatchTime`) would keep an
    /// expired token looking fresh.
    ///
    /// - Returns: `CLOCK_MONOTONIC` on Apple platforms (which counts sleep there) and `CLOCK_BOOTTIME` on Linux.
    public func uptime() -> TimeInterval {
        var spec = timespec()
        #if canImport(Darwin)
        clock_gettime(CLOCK_MONOTONIC, &spec)
        #else
        clock_gettime(CLOCK_BOOTTIME, &spec)
        #endif
        return TimeInterval(spec.tv_sec) + TimeInterval(spec.tv_nsec) / 1_000_000_000
    }

    /// Sleeps with `Task.sleep(nanoseconds:)`, which exists on every platform the SDK supports.
    ///
    /// - Parameter seconds: How long to wait; non-positive or NaN returns at once, huge values are capped.
    /// - Throws: `CancellationError` when the calling task is cancelled.
    public func sleep(for seconds: TimeInterval) async throws {
        guard seconds > 0 else {
            try Task.checkCancellation()
            return
        }
        let nanoseconds = UInt64(min(seconds, Self.longestSleep) * 1_000_000_000)
        try await Task.sleep(nanoseconds: nanoseconds)
    }
}
