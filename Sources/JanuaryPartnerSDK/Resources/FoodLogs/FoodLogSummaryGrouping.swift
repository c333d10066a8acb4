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
