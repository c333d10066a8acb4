extension NutritionFacts {
    /// The nutrient-by-nutrient sum of `facts`, such as a meal's foods: what an app shows as the meal's totals.
    ///
    /// A nutrient that no entry has a value for stays without one. Amounts in grams, milligrams and micrograms
    /// are added in the first entry's unit; amounts whose units cannot be converted into each other (such as
    /// `IU` and `mg` of vitamin D) make that nutrient's total `nil` rather than a wrong number.
    ///
    /// - Parameter facts: The facts to add up.
    /// - Returns: The totals.
    public static func sum(_ facts: [NutritionFacts]) -> NutritionFacts {
        func total(_ amount: (NutritionFacts) -> NutrientAmount?) -> NutrientAmount? {
            NutrientAmount.sum(facts.compactMap(amount))
        }
        return NutritionFacts(
            calories: total(\.calories),
            protein: total(\.protein),
            carbohydrates: total(\.carbohydrates),
            netCarbohydrates: total(\.netCarbohydrates),
            totalFat: total(\.totalFat),
            transFat: total(\.transFat),
            saturatedFat: total(\.saturatedFat),
            fiber: total(\.fiber),
            totalSugars: total(\.totalSugars),
            addedSugars: total(\.addedSugars),
            cholesterol: total(\.cholesterol),
            calcium: total(\.calcium),
            iron: total(\.iron),
            potassium: total(\.potassium),
            sodium: total(\.sodium),
            vitaminD: total(\.vitaminD)
        )
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
