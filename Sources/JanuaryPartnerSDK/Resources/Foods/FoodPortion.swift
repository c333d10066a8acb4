import Foundation
import JanuaryCore

/// How much of a catalogue food someone ate: one of its servings times a quantity, with what that comes to.
///
/// Catalogue records (``Food``, ``RestaurantMenuItem``, ``RestaurantMenuSearchItem``) give nutrients for one
/// *default* serving. A portion scales them to the serving and quantity chosen, so that an app can show
/// "1 cup · 105 kcal" before logging:
///
/// - ``amount`` is `quantity × serving.quantity`, in ``unit``; `.grams` is `quantity × serving.weightGrams`.
/// - ``nutrients`` and ``glycemicLoad`` are the default serving's values times `quantity` times the chosen
///   serving's ``ServingOption/scalingFactor`` relative to the default serving's.
/// - ``glycemicIndex`` is a property of the food, not of the amount, and is never scaled.
///
/// Nutrients from a food analysis (``DetectedFood/nutrients``, ``FoodScan/totalNutrients``) and from food logs are
/// already scaled to what was eaten: never make a portion of those or scale them again.
///
/// Make a portion with ``ServedFood/portion(servingID:quantity:)``, on a food or a menu item.
public struct FoodPortion: Sendable, Hashable {
    /// The food eaten.
    public let foodID: FoodID

    /// The serving the quantity counts.
    public let serving: ServingOption

    /// How many servings.
    public let quantity: Double

    /// The nutrients of the whole portion, or `nil` when January gives no way to relate this serving to the
    /// default one (no scaling factors and no weights). Units are unchanged.
    public let nutrients: NutritionFacts?

    /// The food's glycemic index, unscaled.
    public let glycemicIndex: Double?

    /// The glycemic load of the whole portion, or `nil` when the food has none or the serving cannot be related
    /// to the default one.
    public let glycemicLoad: Double?

    /// What to put in a food log or a glucose prediction for this portion.
    public var loggableFood: FoodLogInputFood {
        FoodLogInputFood(foodID: foodID, servingID: serving.id, quantity: quantity)
    }

    /// The amount eaten in ``unit``: `quantity × serving.quantity`, such as 1.5 for "1.5 cups".
    public var amount: Double? {
        serving.quantity.map { quantity * $0 }
    }

    /// The unit of ``amount``, such as `cup`.
    public var unit: String? {
        serving.unit
    }

    /// The weight eaten in grams: `quantity × serving.weightGrams`.
    public var grams: Double? {
        serving.weightGrams.map { quantity * $0 }
    }

    init(
        foodID: FoodID,
        servings: [ServingOption],
        nutrients: NutritionFacts,
        glycemicIndex: Double?,
        glycemicLoad: Double?,
        servingID: ServingID?,
        quantity: Double
    ) throws {
        try Validation.number(
            quantity, field: "portion quantity", above: 0, atMost: FoodLogInputFood.maximumQuantity)
        guard let defaultServing = servings.first(where: { $0.isPrimary == true }) ?? servings.first else {
            throw JanuaryError.invalidInput(
                "The food lists no servings, so no portion can be made; get the food by id for its servings.")
        }
        let serving: ServingOption
        if let servingID {
            guard let match = servings.first(where: { $0.id == servingID }) else {
                throw JanuaryError.invalidInput("servingID is not one of the food's servings.")
            }
            serving = match
        } else {
            serving = defaultServing
        }
        let factor = Self.servingRatio(of: serving, to: defaultServing).map { $0 * quantity }
        self.foodID = foodID
        self.serving = serving
        self.quantity = quantity
        self.nutrients = factor.map { nutrients.scaled(by: $0) }
        self.glycemicIndex = glycemicIndex
        self.glycemicLoad = factor.flatMap { factor in glycemicLoad.map { $0 * factor } }
    }

    /// How many default servings one `serving` is: by scaling factors when both are known, else by weight.
    private static func servingRatio(of serving: ServingOption, to defaultServing: ServingOption) -> Double? {
        if serving.id == defaultServing.id {
            return 1
        }
        if let ratio = ratio(serving.scalingFactor, defaultServing.scalingFactor) {
            return ratio
        }
        return ratio(serving.weightGrams, defaultServing.weightGrams)
    }

    private static func ratio(_ numerator: Double?, _ denominator: Double?) -> Double? {
        guard let numerator, let denominator, numerator.isFinite, denominator.isFinite, numerator >= 0,
            denominator > 0
        else {
            return nil
        }
        return numerator / denominator
    }
}
