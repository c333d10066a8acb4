import Foundation

/// An amount of one nutrient, such as 105 kcal or 422 mg.
///
/// ```swift
/// if let calories = food.nutrients.calories {
///     label.text = "\(Int(calories.value.rounded())) \(calories.unit)"  // "105 kcal"
/// }
/// ```
public struct NutrientAmount: Sendable, Hashable, Codable {
    /// The amount, in ``unit``.
    public var value: Double

    /// The unit of ``value``.
    public var unit: NutrientUnit

    /// Creates an amount.
    ///
    /// - Parameters:
    ///   - value: The amount.
    ///   - unit: Its unit.
    public init(value: Double, unit: NutrientUnit) {
        self.value = value
        self.unit = unit
    }

    enum CodingKeys: String, CodingKey {
        case value
        case unit
    }

    /// The amount multiplied by `factor`, in the same unit.
    ///
    /// - Parameter factor: The multiplier, such as the number of servings.
    /// - Returns: The scaled amount.
    public func scaled(by factor: Double) -> NutrientAmount {
        NutrientAmount(value: value * factor, unit: unit)
    }
}

extension NutrientAmount {
    /// Grams per unit for the mass units, to add amounts given in different ones.
    private static func grams(per unit: NutrientUnit) -> Double? {
        switch unit {
        case .grams: 1
        case .milligrams: 0.001
        case .micrograms: 0.000_001
        default: nil
        }
    }

    /// The sum of `amounts` in the first one's unit; `nil` when there are none or their units do not convert.
    static func sum(_ amounts: [NutrientAmount]) -> NutrientAmount? {
        guard let unit = amounts.first?.unit else {
            return nil
        }
        var value = 0.0
        for amount in amounts {
            if amount.unit == unit {
                value += amount.value
            } else if let from = grams(per: amount.unit), let to = grams(per: unit) {
                value += amount.value * from / to
            } else {
                return nil
            }
        }
        return NutrientAmount(value: value, unit: unit)
    }
}

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
