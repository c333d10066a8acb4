import Foundation

/// The `start_date`, `end_date` and `timezone` of a list or summary: inclusive local dates in an IANA zone.
struct DateWindow: Sendable {
    let zone: TimeZone
    /// The zone's name as the request spelled it, echoed by the summary.
    let zoneName: String
    let start: LocalDate
    let end: LocalDate

    /// Reads and checks the window: malformed or inverted dates answer `invalid_request`; a span over
    /// `maximumDays` (when given) answers `date_range_too_large`.
    init(_ query: QueryParameters, maximumDays: Int?) throws {
        start = try query.requiredDate("start_date")
        end = try query.requiredDate("end_date")
        (zone, zoneName) = try query.requiredZone()
        guard start <= end else {
            throw APIError.invalidRequest("`end_date` must not be before `start_date`")
        }
        if let maximumDays, end.dayNumber - start.dayNumber + 1 > maximumDays {
            throw APIError.dateRangeTooLarge(
                "the range from `start_date` to `end_date` spans \(end.dayNumber - start.dayNumber + 1) days; "
                    + "at most \(maximumDays) are allowed"
            )
        }
    }

    func localDate(of instant: Date) -> LocalDate {
        LocalDate(instant, in: zone)
    }

    func contains(_ instant: Date) -> Bool {
        let date = localDate(of: instant)
        return start <= date && date <= end
    }

    /// Water and weight lists reach back at most five years from today in the zone.
    func checkFiveYearLookback(now: Date) throws {
        let today = LocalDate(now, in: zone)
        let noon = Date(timeIntervalSince1970: TimeInterval(today.dayNumber) * 86_400 + 43_200)
        let earliest = Timestamp.utcCalendar.date(byAdding: .year, value: -5, to: noon).map {
            LocalDate($0, in: Timestamp.utcCalendar.timeZone)
        }
        if let earliest, start < earliest {
            throw APIError.dateRangeTooLarge(
                "`start_date` may reach back at most 5 years from today (\(earliest)) in `timezone`"
            )
        }
    }
}
