import Foundation
import JanuaryCore

/// A user's food logs over a range of days, added up per day or per week.
///
/// The buckets tile the whole range in order: days or weeks without logs are present with zero counts, and
/// the first and last weeks are clipped to the range.
public struct FoodLogSummary: Hashable, Sendable, Codable {
    /// How the days are grouped.
    public var groupBy: FoodLogSummaryGrouping

    /// The day weeks begin on when grouped by week; `nil` when grouped by day.
    public var weekStart: WeekStart?

    /// The IANA name of the zone whose days were summarized, as January spells it.
    public var timeZoneIdentifier: String

    /// The first day summarized.
    public var startDate: JanuaryDate

    /// The last day summarized, included.
    public var endDate: JanuaryDate

    /// The days or weeks, oldest first.
    public var buckets: [FoodLogSummaryBucket]

    /// The sums over the whole range.
    public var totals: FoodLogSummaryTotals

    /// The totals divided by the number of days with at least one log.
    public var averagePerLoggedDay: FoodLogSummaryAverage

    /// Creates a summary, as your tests may need.
    ///
    /// - Parameters:
    ///   - groupBy: How the days are grouped.
    ///   - weekStart: The day weeks begin on, when grouped by week.
    ///   - timeZoneIdentifier: The IANA name of the zone.
    ///   - startDate: The first day summarized.
    ///   - endDate: The last day summarized.
    ///   - buckets: The days or weeks, oldest first.
    ///   - totals: The sums over the whole range.
    ///   - averagePerLoggedDay: The totals divided by the number of days with a log.
    public init(
        groupBy: FoodLogSummaryGrouping,
        weekStart: WeekStart?,
        timeZoneIdentifier: String,
        startDate: JanuaryDate,
        endDate: JanuaryDate,
        buckets: [FoodLogSummaryBucket],
        totals: FoodLogSummaryTotals,
        averagePerLoggedDay: FoodLogSummaryAverage
    ) {
        self.groupBy = groupBy
        self.weekStart = weekStart
        self.timeZoneIdentifier = timeZoneIdentifier
        self.startDate = startDate
        self.endDate = endDate
        self.buckets = buckets
        self.totals = totals
        self.averagePerLoggedDay = averagePerLoggedDay
    }

    /// Decodes a summary from January's JSON; missing or `null` buckets, totals and average read as empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the grouping, zone or dates are missing or a field is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.groupBy = try container.decode(FoodLogSummaryGrouping.self, forKey: Keys.groupBy)
        self.weekStart = try container.decodeIfPresent(WeekStart.self, forKey: Keys.weekStart)
        self.timeZoneIdentifier = try container.decode(String.self, forKey: Keys.timeZoneIdentifier)
        self.startDate = try container.decode(JanuaryDate.self, forKey: Keys.startDate)
        self.endDate = try container.decode(JanuaryDate.self, forKey: Keys.endDate)
        self.buckets = try container.decodeList([FoodLogSummaryBucket].self, forKey: Keys.buckets)
        self.totals =
            try container.decodeIfPresent(FoodLogSummaryTotals.self, forKey: Keys.totals)
            ?? FoodLogSummaryTotals(logsCount: 0, daysWithLogs: 0, nutrients: NutritionFacts())
        self.averagePerLoggedDay =
            try container.decodeIfPresent(FoodLogSummaryAverage.self, forKey: Keys.averagePerLoggedDay)
            ?? FoodLogSummaryAverage(nutrients: NutritionFacts())
    }

    /// Encodes the summary as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(groupBy, forKey: Keys.groupBy)
        try container.encode(weekStart, forKey: Keys.weekStart)
        try container.encode(timeZoneIdentifier, forKey: Keys.timeZoneIdentifier)
        try container.encode(startDate, forKey: Keys.startDate)
        try container.encode(endDate, forKey: Keys.endDate)
        try container.encode(buckets, forKey: Keys.buckets)
        try container.encode(totals, forKey: Keys.totals)
        try container.encode(averagePerLoggedDay, forKey: Keys.averagePerLoggedDay)
    }

    private enum Keys {
        static var groupBy: WireKey { WireKey("group_by") }
        static var weekStart: WireKey { WireKey("week_start") }
        static var timeZoneIdentifier: WireKey { WireKey("timezone") }
        static var startDate: WireKey { WireKey("start_date") }
        static var endDate: WireKey { WireKey("end_date") }
        static var buckets: WireKey { WireKey("buckets") }
        static var totals: WireKey { WireKey("totals") }
        static var averagePerLoggedDay: WireKey { WireKey("average_per_logged_day") }
    }
}

/// One day or one week of a ``FoodLogSummary``.
public struct FoodLogSummaryBucket: Hashable, Sendable, Codable {
    /// The bucket's first day.
    public var startDate: JanuaryDate

    /// The bucket's last day, included; the same as ``startDate`` for a day.
    public var endDate: JanuaryDate

    /// How many logs fall in the bucket.
    public var logsCount: Int

    /// How many of the bucket's days have at least one log.
    public var daysWithLogs: Int

    /// The nutrients of the bucket's logs added up. Empty both when there are no logs and when January could
    /// not resolve them: tell the two apart with ``logsCount``.
    public var nutrients: NutritionFacts

    /// Creates a bucket, as your tests may need.
    ///
    /// - Parameters:
    ///   - startDate: The bucket's first day.
    ///   - endDate: The bucket's last day.
    ///   - logsCount: How many logs fall in the bucket.
    ///   - daysWithLogs: How many of its days have a log.
    ///   - nutrients: The nutrients added up.
    public init(
        startDate: JanuaryDate,
        endDate: JanuaryDate,
        logsCount: Int,
        daysWithLogs: Int,
        nutrients: NutritionFacts
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.logsCount = logsCount
        self.daysWithLogs = daysWithLogs
        self.nutrients = nutrients
    }

    /// Decodes a bucket from January's JSON; missing or `null` counts read as 0 and nutrients as none.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a date is missing or a field is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.startDate = try container.decode(JanuaryDate.self, forKey: Keys.startDate)
        self.endDate = try container.decode(JanuaryDate.self, forKey: Keys.endDate)
        self.logsCount = try container.decodeIfPresent(Int.self, forKey: Keys.logsCount) ?? 0
        self.daysWithLogs = try container.decodeIfPresent(Int.self, forKey: Keys.daysWithLogs) ?? 0
        self.nutrients = try container.decodeNutrition(forKey: Keys.nutrients)
    }

    /// Encodes the bucket as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(startDate, forKey: Keys.startDate)
        try container.encode(endDate, forKey: Keys.endDate)
        try container.encode(logsCount, forKey: Keys.logsCount)
        try container.encode(daysWithLogs, forKey: Keys.daysWithLogs)
        try container.encode(nutrients, forKey: Keys.nutrients)
    }

    private enum Keys {
        static var startDate: WireKey { WireKey("start_date") }
        static var endDate: WireKey { WireKey("end_date") }
        static var logsCount: WireKey { WireKey("logs_count") }
        static var daysWithLogs: WireKey { WireKey("days_with_logs") }
        static var nutrients: WireKey { WireKey("nutrients") }
    }
}

/// The sums of a ``FoodLogSummary`` over its whole range.
public struct FoodLogSummaryTotals: Hashable, Sendable, Codable {
    /// How many logs the range holds.
    public var logsCount: Int

    /// How many days of the range have at least one log.
    public var daysWithLogs: Int

    /// The nutrients of all the logs added up; a nutrient without any value is absent, not zero.
    public var nutrients: NutritionFacts

    /// Creates totals, as your tests may need.
    ///
    /// - Parameters:
    ///   - logsCount: How many logs the range holds.
    ///   - daysWithLogs: How many days have a log.
    ///   - nutrients: The nutrients added up.
    public init(logsCount: Int, daysWithLogs: Int, nutrients: NutritionFacts) {
        self.logsCount = logsCount
        self.daysWithLogs = daysWithLogs
        self.nutrients = nutrients
    }

    /// Decodes totals from January's JSON; missing or `null` counts read as 0 and nutrients as none.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.logsCount = try container.decodeIfPresent(Int.self, forKey: Keys.logsCount) ?? 0
        self.daysWithLogs = try container.decodeIfPresent(Int.self, forKey: Keys.daysWithLogs) ?? 0
        self.nutrients = try container.decodeNutrition(forKey: Keys.nutrients)
    }

    /// Encodes the totals as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(logsCount, forKey: Keys.logsCount)
        try container.encode(daysWithLogs, forKey: Keys.daysWithLogs)
        try container.encode(nutrients, forKey: Keys.nutrients)
    }

    private enum Keys {
        static var logsCount: WireKey { WireKey("logs_count") }
        static var daysWithLogs: WireKey { WireKey("days_with_logs") }
        static var nutrients: WireKey { WireKey("nutrients") }
    }
}

/// The average of a ``FoodLogSummary`` per day with at least one log.
public struct FoodLogSummaryAverage: Hashable, Sendable, Codable {
    /// The total nutrients divided by the number of days with a log; empty when no day has one.
    public var nutrients: NutritionFacts

    /// Creates an average, as your tests may need.
    ///
    /// - Parameter nutrients: The nutrients per logged day.
    public init(nutrients: NutritionFacts) {
        self.nutrients = nutrients
    }

    /// Decodes an average from January's JSON; missing or `null` nutrients read as none.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.nutrients = try container.decodeNutrition(forKey: Keys.nutrients)
    }

    /// Encodes the average as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(nutrients, forKey: Keys.nutrients)
    }

    private enum Keys {
        static var nutrients: WireKey { WireKey("nutrients") }
    }
}

/// Which days a food-log summary covers, and how it groups them.
///
/// ```swift
/// let today = try user.today()
/// let summary = try await user.foodLogs.summary(
///     FoodLogSummaryRequest(from: today.advanced(by: -27), through: today, groupBy: .week, weekStart: .sunday)
/// )
/// ```
///
/// The range covers at most 366 days, both ends included.
public struct FoodLogSummaryRequest: Hashable, Sendable {
    /// The first day, in the user's time zone.
    public var start: JanuaryDate

    /// The last day, included; not before ``start``.
    public var end: JanuaryDate

    /// One bucket per day or per week.
    public var groupBy: FoodLogSummaryGrouping

    /// The day weeks begin on when grouping by week, or `nil` for January's default (Monday, as far as is
    /// known). Not sent when grouping by day.
    public var weekStart: WeekStart?

    /// Creates a summary request.
    ///
    /// - Parameters:
    ///   - start: The first day, in the user's time zone.
    ///   - end: The last day, included, at most 365 days after `start`.
    ///   - groupBy: One bucket per day or per week. Defaults to per day.
    ///   - weekStart: The day weeks begin on when grouping by week. Defaults to January's.
    public init(
        from start: JanuaryDate,
        through end: JanuaryDate,
        groupBy: FoodLogSummaryGrouping = .day,
        weekStart: WeekStart? = nil
    ) {
        self.start = start
        self.end = end
        self.groupBy = groupBy
        self.weekStart = weekStart
    }

    /// The longest range, in days, both ends included.
    static let maximumDays = 366

    /// The query items after the dates and zone: `week_start` only for a grouping other than by day.
    var groupingQueryItems: [URLQueryItem] {
        var items = [URLQueryItem(name: "group_by", value: groupBy.rawValue)]
        if groupBy != .day, let weekStart {
            items.append(URLQueryItem(name: "week_start", value: weekStart.rawValue))
        }
        return items
    }

    func validate() throws {
        guard !groupBy.rawValue.isEmpty else {
            throw JanuaryError.invalidInput("group_by must be day or week; it is empty.")
        }
        if let weekStart, weekStart.rawValue.isEmpty {
            throw JanuaryError.invalidInput("week_start must be monday or sunday; it is empty.")
        }
    }
}

/// How a food-log summary groups days into buckets: one per day, or one per week.
///
/// An extensible set of values: a grouping January adds later decodes as a value this SDK version has no name
/// for.
public typealias FoodLogSummaryGrouping = JanuaryVocabulary<JanuaryVocabularies.FoodLogSummaryGrouping>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/FoodLogSummaryGrouping``, which keeps its values apart from other vocabularies'.
    public enum FoodLogSummaryGrouping {}
}

extension FoodLogSummaryGrouping {
    /// One bucket per day of the range.
    public static var day: FoodLogSummaryGrouping { FoodLogSummaryGrouping(rawValue: "day") }

    /// One bucket per week, starting on ``FoodLogSummaryRequest/weekStart``; the first and last weeks are
    /// clipped to the range.
    public static var week: FoodLogSummaryGrouping { FoodLogSummaryGrouping(rawValue: "week") }
}

/// The day a week begins on, for a food-log summary grouped by week.
///
/// An extensible set of values: a value January adds later decodes as one this SDK version has no name for.
public typealias WeekStart = JanuaryVocabulary<JanuaryVocabularies.WeekStart>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/WeekStart``, which keeps its values apart from other vocabularies'.
    public enum WeekStart {}
}

extension WeekStart {
    /// Weeks run from Monday to Sunday.
    public static var monday: WeekStart { WeekStart(rawValue: "monday") }

    /// Weeks run from Sunday to Saturday.
    public static var sunday: WeekStart { WeekStart(rawValue: "sunday") }
}

extension FoodLogSummary {
    /// Hashes the summary's range, grouping and bucket count: equal summaries agree on all.
    ///
    /// Hashing every nested value as well compiled a copy of the standard library's array hashing for each nested
    /// type into the app (Docs/Benchmarks.md, "Size in an app"); values that compare equal still hash equally.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(startDate)
        hasher.combine(endDate)
        hasher.combine(groupBy)
        hasher.combine(buckets.count)
    }
}
