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
        JanuaryDate(dayNumber: dayNumber + days)
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
    /// - Returns: The day reached.
    /// - Precondition: The year reached lies between 1 and 9999.
    func addingYears(_ years: Int) -> JanuaryDate {
        let year = self.year + years
        precondition(Self.years.contains(year), "JanuaryDate covers the years 1 to 9999.")
        let day = min(self.day, Self.numberOfDays(inMonth: month, year: year))
        return JanuaryDate(uncheckedYear: year, month: month, day: day)
    }

    /// Days since 1970-01-01 (negative before it).
    private var dayNumber: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private init(dayNumber: Int) {
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        precondition(Self.years.contains(year), "JanuaryDate covers the years 1 to 9999.")
        self.init(uncheckedYear: year, month: month, day: day)
    }
}
