import Foundation

/// The kind of a catalogue food: generic, branded or recipe.
///
/// Pass one to a search to narrow it (`SearchFoodsRequest(query: "yogurt", type: .branded)`); read it on a
/// ``Food`` or ``FoodSuggestion`` to tell a supermarket product from a generic food.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public struct FoodType: JanuaryVocabulary {
    /// The value as January writes it.
    public let rawValue: String

    /// Creates a value from its wire string.
    ///
    /// - Parameter rawValue: The value as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A generic food, such as "banana".
    public static let generic = FoodType(rawValue: "generic")
    /// A branded, packaged product, with a ``Food/brandName``.
    public static let branded = FoodType(rawValue: "branded")
    /// A recipe. Food search only: autocomplete has no recipes.
    public static let recipe = FoodType(rawValue: "recipe")
}
