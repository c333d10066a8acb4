import Foundation

/// A calendar date (`YYYY-MM-DD`) with no time zone, counted as days since 1970-01-01 so that ranges are
/// simple arithmetic.
struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    let dayNumber: Int

    init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// Parses exactly `YYYY-MM-DD` naming a real date; `2026-02-30` is refused.
    init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2,
            parts[2].count == 2, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            let date = Timestamp.utcCalendar.date(from: DateComponents(year: year, month: month, day: day))
        else {
            return nil
        }
        let check = Timestamp.utcCalendar.dateComponents([.year, .month, .day], from: date)
        guard check.year == year, check.month == month, check.day == day else { return nil }
        // In Int64, then narrowed: a 4-digit year is within ±3.7 million days of 1970, which fits a 32-bit Int.
        let days = Int64((date.timeIntervalSince1970 / 86_400).rounded(.down))
        dayNumber = Int(days)
    }

    /// The local date of `instant` in `zone`.
    init(_ instant: Date, in zone: TimeZone) {
        let shifted = instant.timeIntervalSince1970 + TimeInterval(zone.secondsFromGMT(for: instant))
        dayNumber = Int((shifted / 86_400).rounded(.down))
    }

    static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        lhs.dayNumber < rhs.dayNumber
    }

    func adding(days: Int) -> LocalDate {
        LocalDate(dayNumber: dayNumber + days)
    }

    /// 1 for Sunday through 7 for Saturday, as `Calendar` counts.
    var weekday: Int {
        // 1970-01-01 was a Thursday (5).
        ((dayNumber % 7 + 7) % 7 + 4) % 7 + 1
    }

    private var components: DateComponents {
        Timestamp.utcCalendar.dateComponents(
            [.year, .month, .day],
            from: Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86_400)
        )
    }

    var year: Int { components.year ?? 1970 }
    var month: Int { components.month ?? 1 }

    /// The first instant of this date in `zone` (after a gap, the first instant that exists).
    func start(in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = components
        return calendar.date(from: DateComponents(year: parts.year, month: parts.month, day: parts.day))
            ?? Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86_400)
    }

    var description: String {
        let parts = components
        return "\(HTTPDate.pad(parts.year, 4))-\(HTTPDate.pad(parts.month, 2))-\(HTTPDate.pad(parts.day, 2))"
    }
}
