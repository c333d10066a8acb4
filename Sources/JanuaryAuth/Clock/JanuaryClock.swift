import Foundation

/// The source of time for the SDK: token freshness, provider timeouts, back-off, and waits between retries.
///
/// The SDK measures durations (how long a token has left, how long to wait) on a monotonic clock, because the
/// device's wall clock can be wrong by minutes and can jump. The wall clock is used only to date events and to
/// compare January's `Date` header with the device's time.
///
/// Apps use ``SystemJanuaryClock``, the default. Tests inject a manual clock (the `ManualClock` of the
/// `JanuaryPartnerSDKTesting` product) so that expiry, timeouts and back-off can be checked without sleeping.
public protocol JanuaryClock: Sendable {
    /// The current wall-clock time.
    ///
    /// - Returns: The device's idea of now.
    func now() -> Date

    /// Seconds on a monotonic clock that keeps counting while the device sleeps; only differences matter.
    ///
    /// - Returns: The current reading.
    func uptime() -> TimeInterval

    /// Suspends the calling task for `seconds` of ``uptime()``.
    ///
    /// A non-positive duration returns at once.
    ///
    /// - Parameter seconds: How long to wait.
    /// - Throws: `CancellationError` as soon as the calling task is cancelled. A test clock may throw an error of
    ///   its own, as `ManualClock` does when nothing advances it (its `StallError`): a request waiting to be sent
    ///   again, or for a scripted delay, then ends with that error unchanged; the token provider's timeout stops
    ///   timing, and the provider call goes on.
    func sleep(for seconds: TimeInterval) async throws
}

/// A reading of both of a clock's scales at one instant, so that every decision under one lock sees the same time.
package struct ClockReading: Sendable {
    /// The wall-clock time, for events and for comparing with January's clock.
    package var date: Date {
        Date(timeIntervalSinceReferenceDate: wall)
    }
    /// The monotonic time, for every duration.
    package var uptime: TimeInterval
    /// ``date`` as the seconds a `Date` holds, for the reason `Credential` stores its expiry so (1.1 KB here).
    private let wall: TimeInterval

    /// Creates a reading.
    ///
    /// - Parameters:
    ///   - date: The wall-clock time.
    ///   - uptime: The monotonic time.
    package init(date: Date, uptime: TimeInterval) {
        self.wall = date.timeIntervalSinceReferenceDate
        self.uptime = uptime
    }
}

extension JanuaryClock {
    /// Reads both scales.
    package func reading() -> ClockReading {
        ClockReading(date: now(), uptime: uptime())
    }
}
