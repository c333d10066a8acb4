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
