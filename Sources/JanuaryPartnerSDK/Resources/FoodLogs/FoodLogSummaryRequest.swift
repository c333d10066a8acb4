import Foundation
import JanuaryCore

/// Which days a food-log summary covers, and how it groups them.
///
/// ```swift
/// let today = JanuaryDate.today(in: user.timeZone)
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
public struct FoodLogSummaryGrouping: JanuaryVocabulary {
    /// The grouping's wire string, such as `day`.
    public let rawValue: String

    /// Creates a grouping from its wire string, known to this SDK version or not.
    ///
    /// - Parameter rawValue: The string January uses for the grouping.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// One bucket per day of the range.
    public static let day = FoodLogSummaryGrouping(rawValue: "day")

    /// One bucket per week, starting on ``FoodLogSummaryRequest/weekStart``; the first and last weeks are
    /// clipped to the range.
    public static let week = FoodLogSummaryGrouping(rawValue: "week")
}

/// The day a week begins on, for a food-log summary grouped by week.
///
/// An extensible set of values: a value January adds later decodes as one this SDK version has no name for.
public struct WeekStart: JanuaryVocabulary {
    /// The value's wire string, such as `monday`.
    public let rawValue: String

    /// Creates a value from its wire string, known to this SDK version or not.
    ///
    /// - Parameter rawValue: The string January uses for the day.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Weeks run from Monday to Sunday.
    public static let monday = WeekStart(rawValue: "monday")

    /// Weeks run from Sunday to Saturday.
    public static let sunday = WeekStart(rawValue: "sunday")
}
