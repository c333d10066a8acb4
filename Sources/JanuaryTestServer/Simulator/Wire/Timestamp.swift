import Foundation

/// Instants as January writes them (UTC with milliseconds) and reads them (ISO 8601 with an offset).
enum Timestamp {
    static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `2026-08-26T18:35:11.000Z`: milliseconds truncated, as a server that stores milliseconds would.
    static func format(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let remainder = Int(milliseconds - seconds * 1000)
        let parts = utcCalendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second],
            from: Date(timeIntervalSince1970: TimeInterval(seconds))
        )
        return "\(HTTPDate.pad(parts.year, 4))-\(HTTPDate.pad(parts.month, 2))-\(HTTPDate.pad(parts.day, 2))"
            + "T\(HTTPDate.pad(parts.hour, 2)):\(HTTPDate.pad(parts.minute, 2)):\(HTTPDate.pad(parts.second, 2))"
            + ".\(HTTPDate.pad(remainder, 3))Z"
    }

    /// Rounds to the millisecond the wire can carry, so a stored instant equals the one answered.
    static func truncated(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }

    /// Parses an ISO 8601 date-time that carries `Z` or `±HH:MM`, with or without fractional seconds.
    static func parse(_ text: String) -> Date? {
        guard text.count >= 20, text.contains("T") || text.contains("t") else { return nil }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) {
            return date
        }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text).map(truncated)
    }
}
