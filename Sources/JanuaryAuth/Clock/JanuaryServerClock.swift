import Foundation
import JanuaryCore

/// January's clock for one client: the one place a 2xx answer's `Date` goes, and the one place its time is read.
///
/// The request driver notes the `Date` of every successful answer of January's (``note(_:)``); the token cache
/// reads it to judge an absolute `expiresAt` (``time(at:)``), and a write of a log without the partner's time
/// reads it for the log's instant (``timeForDating()``). Sign-out forgets it (``forget()``), through the token
/// cache's one sign-out call, so that a wrong estimate cannot outlive the session that learnt it. See
/// ``JanuaryClockEstimate`` for which dates count and how they are combined.
package final class JanuaryServerClock: Sendable {
    private let clock: any JanuaryClock
    private let estimate = Locked(JanuaryClockEstimate())

    /// A clock that has seen no date yet.
    ///
    /// - Parameter clock: The device's clock, to anchor each date to the monotonic scale.
    package init(clock: any JanuaryClock) {
        self.clock = clock
    }

    /// Notes the `Date` of one of January's successful answers, as it arrives.
    ///
    /// - Parameter serverDate: The answer's `Date`.
    package func note(_ serverDate: Date) {
        let now = clock.reading()
        estimate.withLock { $0.note(serverDate, at: now) }
    }

    /// January's time at `now` as the token cache believes it: `nil` before a date is known, or when every
    /// recent one is more than a day off the device's clock.
    ///
    /// - Parameter now: The device's current time.
    /// - Returns: The estimate.
    package func time(at now: ClockReading) -> Date? {
        estimate.withLock { $0.time(at: now) }
    }

    /// January's time now for dating a log, however far the device's clock is off, or `nil` before a date is
    /// known. Half a second is added: an HTTP date is truncated to the second, so January's time is on average
    /// that much later than the header says.
    ///
    /// - Returns: The estimate.
    package func timeForDating() -> Date? {
        let now = clock.reading()
        return estimate.withLock { $0.timeWhateverTheDevice(at: now) }?.addingTimeInterval(0.5)
    }

    /// Forgets every date, at sign-out.
    package func forget() {
        estimate.withLock { $0 = JanuaryClockEstimate() }
    }
}
