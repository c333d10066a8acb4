import Foundation

/// The `Retry-After` field (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
package enum RetryAfter {
    /// How many seconds from `now` the field asks the client to wait, or `nil` if it is not a valid value.
    ///
    /// A date in the past means no wait (0). Delay-seconds is one or more digits; values too large to
    /// represent are kept as a very long wait rather than dropped, so a client never retries early.
    ///
    /// - Parameters:
    ///   - value: The field value.
    ///   - now: The current time, for the HTTP-date form.
    /// - Returns: The wait in seconds, never negative.
    package static func seconds(from value: String, now: Date) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return Double(trimmed)
        }
        guard let date = HTTPDate.parse(trimmed) else {
            return nil
        }
        return max(0, date.timeIntervalSince(now))
    }
}
