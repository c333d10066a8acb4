import Foundation
import JanuaryCore

/// January's clock as the token cache estimates it, to turn an absolute `expiresAt` into a remaining lifetime.
///
/// One response must not be able to move it: a proxy or a hostile server that dates one answer an hour (or a
/// century) off would otherwise make every later `expiresAt` token look expired (so the client refuses them and
/// never sends the request that would correct it) or valid for decades (so an expired token is sent). So:
///
/// - only the `Date` of a successful (2xx) response is noted, by the caller;
/// - a date more than ``maximumDisagreement`` from the device's clock is ignored as it arrives;
/// - the estimate is the median of the last ``sampleCount`` dates, each anchored to the monotonic clock (so a
///   later jump of the device's wall clock does not move it);
/// - an estimate that has come to disagree with the device's clock by more than ``maximumDisagreement`` is not
///   used.
///
/// A value type; the state machine owns it and resets it on sign-out.
struct JanuaryClockEstimate: Sendable {
    /// How many recent dates the median is taken over.
    static let sampleCount = 5

    /// The largest difference, in seconds, between January's clock and the device's that is believed: a day.
    static let maximumDisagreement: TimeInterval = 86_400

    /// For each recent date, January's time at uptime zero (the date minus the uptime it arrived at), oldest
    /// first.
    private var origins: [TimeInterval] = []

    /// Records one response's `Date`, unless it is not finite or disagrees with the device by more than a day.
    ///
    /// - Parameters:
    ///   - serverDate: The response's `Date`.
    ///   - now: The device's time when the response arrived.
    mutating func note(_ serverDate: Date, at now: ClockReading) {
        let server = serverDate.timeIntervalSinceReferenceDate
        let device = now.date.timeIntervalSinceReferenceDate
        guard server.isFinite, device.isFinite, now.uptime.isFinite,
            abs(server - device) <= Self.maximumDisagreement
        else {
            return
        }
        origins.append(server - now.uptime)
        if origins.count > Self.sampleCount {
            origins.removeFirst(origins.count - Self.sampleCount)
        }
    }

    /// January's time now, or `nil` before a date is known or when the estimate is more than a day off the
    /// device's clock.
    ///
    /// - Parameter now: The current time.
    /// - Returns: The estimate.
    func time(at now: ClockReading) -> Date? {
        guard !origins.isEmpty else {
            return nil
        }
        let sorted = origins.sorted()
        let middle = sorted.count / 2
        let origin = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        let estimate = origin + now.uptime
        guard estimate.isFinite, abs(estimate - now.date.timeIntervalSinceReferenceDate) <= Self.maximumDisagreement
        else {
            return nil
        }
        return Date(timeIntervalSinceReferenceDate: estimate)
    }
}
