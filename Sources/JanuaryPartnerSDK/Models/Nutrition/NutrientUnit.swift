import Foundation

/// The unit of a ``NutrientAmount``: `g`, `mg`, `kcal`, `IU` or `mcg` today.
///
/// Read the unit from each amount rather than assuming one per nutrient: January may give the same nutrient in
/// different units for different foods. A unit this SDK version does not know decodes as itself.
public struct NutrientUnit: JanuaryVocabulary {
    /// The unit as January writes it, such as `mg`.
    public let rawValue: String

    /// Creates a unit from its wire string.
    ///
    /// - Parameter rawValue: The unit as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Grams, `g`.
    public static let grams = NutrientUnit(rawValue: "g")
    /// Milligrams, `mg`.
    public static let milligrams = NutrientUnit(rawValue: "mg")
    /// Micrograms, `mcg`.
    public static let micrograms = NutrientUnit(rawValue: "mcg")
    /// Kilocalories, `kcal`: the "calories" on a nutrition label.
    public static let kilocalories = NutrientUnit(rawValue: "kcal")
    /// International units, `IU`, used for some vitamins.
    public static let internationalUnits = NutrientUnit(rawValue: "IU")
}
