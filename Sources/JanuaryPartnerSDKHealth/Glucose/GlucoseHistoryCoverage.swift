import JanuaryPartnerSDK

/// How much of the CGM history January needs a prediction's history has: a day counts when it has readings in at
/// least 72 of its quarter hours and at least one food, and January needs 5 such days.
///
/// ```swift
/// let request = PredictGlucoseRequest(profile: profile, foods: meal, startTime: start)
/// switch try await predictor.predict(request, for: user) {
/// case .predicted(let prediction, _):
///     show(prediction)
/// case .needsMoreHistory(let coverage):
///     badge.text = "\(coverage.completeDays) of \(coverage.requiredDays) days"  // "3 of 5 days"
/// }
/// ```
public struct GlucoseHistoryCoverage: Sendable, Hashable, CustomStringConvertible {
    /// One day of the history, in the prediction's time zone.
    public struct Day: Sendable, Hashable, Identifiable {
        /// The day.
        public let date: JanuaryDate

        /// How many of its quarter hours have a reading that is sent.
        public let quarterHoursWithReadings: Int

        /// How many foods eaten that day are sent.
        public let foodsEaten: Int

        /// Whether the day counts: at least ``GlucoseHistory/quarterHoursPerCompleteDay`` quarter hours with a
        /// reading and at least one food.
        public var isComplete: Bool {
            quarterHoursWithReadings >= GlucoseHistory.quarterHoursPerCompleteDay && foodsEaten > 0
        }

        /// The day: a history has one entry per day.
        public var id: JanuaryDate { date }

        /// Creates a day, as your previews may need.
        ///
        /// - Parameters:
        ///   - date: The day.
        ///   - quarterHoursWithReadings: Its quarter hours with a reading.
        ///   - foodsEaten: Its foods.
        public init(date: JanuaryDate, quarterHoursWithReadings: Int, foodsEaten: Int) {
            self.date = date
            self.quarterHoursWithReadings = quarterHoursWithReadings
            self.foodsEaten = foodsEaten
        }
    }

    /// Every day of the history's period (at most its last ``GlucoseHistory/maximumCoverageDays``), oldest first,
    /// with or without readings.
    public let days: [Day]

    /// How many complete days January needs: ``GlucoseHistory/requiredCompleteDays``.
    public let requiredDays: Int

    /// How many of ``days`` are complete.
    public var completeDays: Int {
        days.filter(\.isComplete).count
    }

    /// Whether the history has the complete days January needs.
    public var isSufficient: Bool {
        completeDays >= requiredDays
    }

    /// Creates a coverage, as your previews may need.
    ///
    /// - Parameters:
    ///   - days: The days of the period, oldest first.
    ///   - requiredDays: How many complete days are needed.
    public init(days: [Day], requiredDays: Int = GlucoseHistory.requiredCompleteDays) {
        self.days = days
        self.requiredDays = requiredDays
    }

    /// "3 of 5 complete days", for developers; make your own sentence for users.
    public var description: String {
        "\(completeDays) of \(requiredDays) complete days"
    }
}
