import Foundation

/// The `Date` header's IMF-fixdate form (RFC 9110 §5.6.7), such as `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ date: Date) -> String {
        let parts = Timestamp.utcCalendar.dateComponents(
            [.weekday, .day, .month, .year, .hour, .minute, .second],
            from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        )
        let weekday = weekdays[(parts.weekday ?? 1) - 1]
        let month = months[(parts.month ?? 1) - 1]
        return "\(weekday), \(pad(parts.day, 2)) \(month) \(pad(parts.year, 4)) "
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2)) GMT"
    }

    static func pad(_ value: Int?, _ width: Int) -> String {
        let digits = String(value ?? 0)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
