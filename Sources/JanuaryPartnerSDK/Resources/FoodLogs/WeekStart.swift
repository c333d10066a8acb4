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
