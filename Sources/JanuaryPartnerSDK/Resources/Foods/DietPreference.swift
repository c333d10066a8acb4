import Foundation

/// A diet the end user follows, for ``SuggestFoodAlternativesRequest/dietPreferences``.
///
/// January knows 9 preferences; a request may list at most 9.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public struct DietPreference: JanuaryVocabulary {
    /// The value as January writes it.
    public let rawValue: String

    /// Creates a value from its wire string.
    ///
    /// - Parameter rawValue: The value as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `vegetarian`.
    public static let vegetarian = DietPreference(rawValue: "vegetarian")
    /// `vegan`.
    public static let vegan = DietPreference(rawValue: "vegan")
    /// `keto`.
    public static let keto = DietPreference(rawValue: "keto")
    /// `paleo`.
    public static let paleo = DietPreference(rawValue: "paleo")
    /// `pescatarian`.
    public static let pescatarian = DietPreference(rawValue: "pescatarian")
    /// `low_carbohydrate`.
    public static let lowCarbohydrate = DietPreference(rawValue: "low_carbohydrate")
    /// `high_protein`.
    public static let highProtein = DietPreference(rawValue: "high_protein")
    /// `kosher`.
    public static let kosher = DietPreference(rawValue: "kosher")
    /// `halal`.
    public static let halal = DietPreference(rawValue: "halal")
}
