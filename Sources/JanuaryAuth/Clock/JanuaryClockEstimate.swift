import Foundation
import JanuaryCore

/// January's clock as the `Date` headers of its successful answers show it: a value, kept for the client by
/// ``JanuaryServerClock`` and read twice, by the token cache (to turn an absolute `expiresAt` into a remaining
/// lifetime) and by a write that dates a log without the partner's time.
///
/// One response must not be able to move it: a proxy or a hostile server that dates one answer an hour (or a
/// century) off would otherwise make every later `expiresAt` token look expired (so the client refuses them and
/// never sends the request that would correct it) or valid for decades (so an expired token is sent). So:
///
/// - only the `Date` of a successful (2xx) response is noted, by the caller, and only a finite one;
/// - each date is anchored to the monotonic clock (so a later jump of the device's wall clock does not move it),
///   and the estimate is the median of the last ``sampleCount``;
/// - the token cache's reading, ``time(at:)``, counts only the dates within ``maximumDisagreement`` of the
///   device's clock, and gives none when they are all further off;
/// - a log's date, ``timeWhateverTheDevice(at:)``, counts them all: its whole point is that a device clock days
///   off never dates a log (`LostCreateCasesTests`' "dated by January's clock, not a device clock hours off").
struct JanuaryClockEstimate: Sendable {
    /// How many recent dates the median is taken over.
    static let sampleCount = 5

    /// The largest difference, in seconds, between January's clock and the device's that the token cache
    /// believes: a day.
    static let maximumDisagreement: TimeInterval = 86_400

    /// For each recent date, January's time at uptime zero (the date minus the uptime it arrived at), oldest
    /// first.
    private var origins: [TimeInterval] = []

    /// Records one response's `Date`, unless it or the clock is not finite.
    ///
    /// - Parameters:
    ///   - serverDate: The response's `Date`.
    ///   - now: The device's time when the response arrived.
    mutating func note(_ serverDate: Date, at now: ClockReading) {
        let server = serverDate.timeIntervalSinceReferenceDate
        guard server.isFinite, now.uptime.isFinite, (server - now.uptime).isFinite else {
            return
        }
        origins.append(server - now.uptime)
        if origins.count > Self.sampleCount {
            origins.removeFirst(origins.count - Self.sampleCount)
        }
    }

    /// January's time now for the token cache: the median of the recent dates within a day of the device's
    /// clock, or `nil` before one is known or when every one is more than a day off.
    ///
    /// - Parameter now: The current time.
    /// - Returns: The estimate.
    func time(at now: ClockReading) -> Date? {
        let device = now.date.timeIntervalSinceReferenceDate
        guard device.isFinite else {
            return nil
        }
        return Self.median(origins.filter { abs($0 + now.uptime - device) <= Self.maximumDisagreement })
            .map { Date(timeIntervalSinceReferenceDate: $0 + now.uptime) }
    }

    /// January's time now for dating a log: the median of the recent dates however far they are from the
    /// device's clock, or `nil` before one is known.
    ///
    /// - Parameter now: The current time.
    /// - Returns: The estimate.
    func timeWhateverTheDevice(at now: ClockReading) -> Date? {
        Self.median(origins).map { Date(timeIntervalSinceReferenceDate: $0 + now.uptime) }
    }

    private static func median(_ values: [TimeInterval]) -> TimeInterval? {
        guard !values.isEmpty else {
            return nil
        }
        // An insertion sort: there are at most `sampleCount` values, and the standard library's sort would put its
        // whole merge sort, specialised for `Double`, into the app for five numbers.
        var sorted = values
        for end in sorted.indices.dropFirst() {
            var index = end
            while index > 0, sorted[index - 1] > sorted[index] {
                sorted.swapAt(index - 1, index)
                index -= 1
            }
        }
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return median.isFinite ? median : nil
    }
}
