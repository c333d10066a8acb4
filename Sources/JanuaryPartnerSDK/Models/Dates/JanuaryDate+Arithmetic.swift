import JanuaryCore

// Days are counted with plain integer arithmetic on the proleptic Gregorian calendar rather than with
// `Calendar`, so that a span is the same number of days whatever the time zone or daylight-saving rules.
extension JanuaryDate: Strideable {
    /// The number of days from this day to another: positive when the other is later.
    ///
    /// ```swift
    /// let span = start.distance(to: end) + 1 // days in start...end, both included
    /// ```
    ///
    /// - Parameter other: The other day.
    /// - Returns: `other` minus `self`, in days.
    public func distance(to other: JanuaryDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// The day a number of days away: later for a positive count, earlier for a negative one.
    ///
    /// - Parameter days: How many days to move.
    /// - Returns: The day reached.
    /// - Precondition: The day reached lies between the years 1 and 9999.
    public func advanced(by days: Int) -> JanuaryDate {
        // In `Int64`, so that a count far past the year 9999 meets the precondition rather than an overflow trap.
        let (target, overflow) = Int64(dayNumber).addingReportingOverflow(Int64(days))
        precondition(!overflow && Self.dayNumbers.contains(target), "JanuaryDate covers the years 1 to 9999.")
        return JanuaryDate(dayNumber: target)
    }

    /// Orders days from the earliest to the latest.
    ///
    /// - Parameters:
    ///   - lhs: A day.
    ///   - rhs: Another day.
    /// - Returns: Whether `lhs` comes before `rhs`.
    public static func < (lhs: JanuaryDate, rhs: JanuaryDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The same day of the month a number of years away, or the last day of the month when that day does not
    /// exist then (February 29 becomes February 28).
    ///
    /// - Parameter years: How many years to move; negative moves back.
    /// - Returns: The day reached, or `nil` when its year is not one of 1 to 9999: the day may come from a
    ///   partner's clock, which can read anything, so this is no precondition.
    func addingYears(_ years: Int) -> JanuaryDate? {
        let (year, overflow) = self.year.addingReportingOverflow(years)
        guard !overflow, Self.years.contains(year) else {
            return nil
        }
        let day = min(self.day, Int(CivilCalendar.daysInMonth(Int64(month), year: Int64(year))))
        return JanuaryDate(uncheckedYear: year, month: month, day: day)
    }

    /// Days since 1970-01-01 (negative before it); within ±3.7 million for the years 1 to 9999, so it fits any `Int`.
    private var dayNumber: Int {
        Int(CivilCalendar.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day)))
    }

    /// The day numbers of 0001-01-01 to 9999-12-31.
    private static let dayNumbers = firstDayNumber...lastDayNumber
    private static let firstDayNumber = CivilCalendar.daysFromCivil(year: 1, month: 1, day: 1)
    private static let lastDayNumber = CivilCalendar.daysFromCivil(year: 9999, month: 12, day: 31)

    /// The day of a day number within ``dayNumbers``.
    private init(dayNumber: Int64) {
        let (year, month, day) = CivilCalendar.civilFromDays(dayNumber)
        self.init(uncheckedYear: Int(year), month: Int(month), day: Int(day))
    }
}
