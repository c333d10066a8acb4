import Foundation
import JanuaryPartnerSDK

/// A prediction's CGM history, ready for `PredictGlucoseRequest`: the user's readings over a period, at most one per
/// 15-minute window and in mg/dL, paired with the foods of their January logs, and how many complete days that
/// makes (``coverage``).
///
/// Pure: it reads nothing. ``HealthGlucosePredictor`` makes one from Health and January; make one yourself from
/// another source of readings.
///
/// ```swift
/// let readings = [HealthGlucoseReading(date: Date(), value: 5.8, unit: .millimolesPerLiter)]  // from your CGM
/// let logs = try await user.foodLogs.list(from: start.addingTimeInterval(-14 * 86_400), through: start)
/// var request = PredictGlucoseRequest(profile: profile, foods: meal, startTime: start, timeZone: user.timeZone)
/// let history = GlucoseHistory(
///     readings: readings, foodLogs: logs, from: start.addingTimeInterval(-14 * 86_400), to: start,
///     timeZone: user.timeZone
/// )
/// if history.coverage.isSufficient {
///     request.cgmReadings = history.cgmReadings
///     request.consumedFoods = history.consumedFoods
/// }
/// ```
///
/// What is kept, in this order:
/// 1. readings taken in the period (`start` included, `end` not), finite, in mg/dL or mmol/L (converted) and within
///    January's 10–600 mg/dL;
/// 2. the first of each 15-minute window (windows start at :00, :15, :30 and :45; at equal times the lower value),
///    as `CGMReading.onePerWindow(_:)` keeps;
/// 3. the most recent 5,000;
/// 4. every food of the logs eaten in the period (from the first kept reading on, when readings were dropped by 3)
///    with a quantity of more than 0 and at most 10,000 servings; the most recent 5,000.
///
/// Days are counted in `timeZone`, the prediction's, as January counts them: a day's quarter hours are its 15-minute
/// windows, 92 or 100 on a daylight-saving change and 96 otherwise.
public struct GlucoseHistory: Sendable, Hashable {
    /// Complete days January needs for a personalised prediction.
    public static let requiredCompleteDays = 5

    /// Quarter hours with a reading that make a day complete, with at least one food.
    public static let quarterHoursPerCompleteDay = 72

    /// The most readings January takes.
    public static let maximumReadings = 5_000

    /// The most consumed foods January takes.
    public static let maximumConsumedFoods = 5_000

    /// The most days ``coverage`` lists and counts: the last of a longer period.
    public static let maximumCoverageDays = 1_000

    /// The readings to send, oldest first, in mg/dL.
    public let cgmReadings: [CGMReading]

    /// The foods to send, oldest first.
    public let consumedFoods: [ConsumedHistoricalFood]

    /// The days of the period and how many are complete.
    public let coverage: GlucoseHistoryCoverage

    /// What was left out, by reason.
    public let discarded: Discarded

    /// What a history left out, by reason.
    public struct Discarded: Sendable, Hashable {
        /// Readings taken outside the period, or at an instant that is not real.
        public internal(set) var readingsOutsidePeriod = 0
        /// Readings that are not finite, in a unit other than mg/dL or mmol/L, or outside 10–600 mg/dL.
        public internal(set) var readingsOutOfRange = 0
        /// Readings in a 15-minute window that already has one.
        public internal(set) var readingsInSameWindow = 0
        /// The oldest readings beyond ``GlucoseHistory/maximumReadings``.
        public internal(set) var readingsBeyondLimit = 0
        /// Foods eaten outside the period (or before the first kept reading).
        public internal(set) var foodsOutsidePeriod = 0
        /// Foods without a quantity of more than 0 and at most 10,000 servings.
        public internal(set) var foodsWithoutQuantity = 0
        /// The oldest foods beyond ``GlucoseHistory/maximumConsumedFoods``.
        public internal(set) var foodsBeyondLimit = 0
    }

    /// Selects and pairs a history.
    ///
    /// - Parameters:
    ///   - readings: Blood-glucose readings, in any order.
    ///   - foodLogs: The user's January food logs, in any order.
    ///   - start: The period's first instant.
    ///   - end: The instant after the period, usually the meal's start.
    ///   - timeZone: The prediction's time zone, whose days are counted.
    public init(
        readings: [HealthGlucoseReading], foodLogs: [FoodLog], from start: Date, to end: Date, timeZone: TimeZone
    ) {
        var discarded = Discarded()
        var candidates: [CGMReading] = []
        for reading in readings {
            guard reading.date >= start, reading.date < end, reading.date.timeIntervalSince1970.isFinite else {
                discarded.readingsOutsidePeriod += 1
                continue
            }
            guard let value = reading.milligramsPerDeciliter, (10...600).contains(value) else {
                discarded.readingsOutOfRange += 1
                continue
            }
            candidates.append(CGMReading(timestamp: reading.date, value: value))
        }
        // Sorted by time, then value, so that the kept reading never depends on the order Health answered in.
        candidates.sort { ($0.timestamp, $0.value) < ($1.timestamp, $1.value) }
        var seen = Set<Int64>()
        var binned: [CGMReading] = []
        for reading in candidates {
            guard let window = CGMReading.window(of: reading.timestamp), seen.insert(window).inserted else {
                discarded.readingsInSameWindow += 1
                continue
            }
            binned.append(reading)
        }
        discarded.readingsBeyondLimit = max(0, binned.count - Self.maximumReadings)
        let kept = Array(binned.suffix(Self.maximumReadings))

        let foodsFrom = discarded.readingsBeyondLimit > 0 ? kept[0].timestamp : start
        var foods: [ConsumedHistoricalFood] = []
        for log in foodLogs {
            for food in log.foods {
                guard log.eatenAt >= foodsFrom, log.eatenAt < end else {
                    discarded.foodsOutsidePeriod += 1
                    continue
                }
                guard let quantity = food.quantity, quantity.isFinite, quantity > 0, quantity <= 10_000 else {
                    discarded.foodsWithoutQuantity += 1
                    continue
                }
                foods.append(
                    ConsumedHistoricalFood(
                        timestamp: log.eatenAt, foodID: food.foodID, servingID: food.serving.id, quantity: quantity))
            }
        }
        foods.sort { $0.timestamp < $1.timestamp }
        discarded.foodsBeyondLimit = max(0, foods.count - Self.maximumConsumedFoods)
        let keptFoods = Array(foods.suffix(Self.maximumConsumedFoods))

        self.cgmReadings = kept
        self.consumedFoods = keptFoods
        self.discarded = discarded
        self.coverage = Self.coverage(
            readings: kept, foods: keptFoods, from: start, to: end, timeZone: timeZone)
    }

    /// Every day of the period with its windows and foods.
    private static func coverage(
        readings: [CGMReading], foods: [ConsumedHistoricalFood], from start: Date, to end: Date, timeZone: TimeZone
    ) -> GlucoseHistoryCoverage {
        var windows: [JanuaryDate: Set<Int64>] = [:]
        for reading in readings {
            if let day = try? JanuaryDate(reading.timestamp, in: timeZone),
                let window = CGMReading.window(of: reading.timestamp)
            {
                windows[day, default: []].insert(window)
            }
        }
        var eaten: [JanuaryDate: Int] = [:]
        for food in foods {
            if let day = try? JanuaryDate(food.timestamp, in: timeZone) {
                eaten[day, default: 0] += 1
            }
        }
        guard start < end, let last = try? JanuaryDate(end.addingTimeInterval(-0.001), in: timeZone) else {
            return GlucoseHistoryCoverage(days: [])
        }
        // From the last day back to the one the period starts on, and no further than the most recent days: a period
        // of centuries costs no more than this, and one that starts before the year 1 ends there.
        var days: [GlucoseHistoryCoverage.Day] = []
        var day = last
        while days.count < maximumCoverageDays {
            days.append(
                GlucoseHistoryCoverage.Day(
                    date: day, quarterHoursWithReadings: windows[day]?.count ?? 0, foodsEaten: eaten[day] ?? 0))
            guard day.start(in: timeZone) > start, day.year > 1 || day.month > 1 || day.day > 1 else {
                break
            }
            day = day.advanced(by: -1)
        }
        days.reverse()
        return GlucoseHistoryCoverage(days: days)
    }
}
