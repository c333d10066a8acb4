import JanuaryPartnerSDK

/// How one of January's nutrients is written to Health: its HealthKit type and unit. ``all`` is the one table the
/// mirror uses; ``unmapped`` lists, on purpose, what it never writes and why.
///
/// January gives each amount in its own unit (`g`, `mg`, `mcg`, `kcal` or `IU`); ``convert(_:)`` brings it to the
/// table's unit. Grams, milligrams and micrograms convert into each other, kilocalories only into kilocalories, and
/// international units only for vitamin D, whose unit is defined as 0.025 µg: HealthKit has no dietary type measured
/// in IU (it defines IU only for insulin delivery), so an amount in IU of any other nutrient is left out rather than
/// written wrong.
///
/// ```swift
/// for mapping in HealthNutrientMapping.all {
///     print(mapping.januaryKey, "→", mapping.type, "in", mapping.unit)  // protein → …DietaryProtein in g
/// }
/// ```
public struct HealthNutrientMapping: Sendable {
    /// January's key for the nutrient, such as `total_fat`.
    public let januaryKey: String

    /// The HealthKit type it is written as.
    public let type: HealthDataType

    /// The unit it is written in.
    public let unit: HealthUnit

    /// The nutrient's amount in a set of facts.
    let amount: @Sendable (NutritionFacts) -> NutrientAmount?

    private init(
        _ januaryKey: String,
        _ type: HealthDataType,
        _ unit: HealthUnit,
        _ amount: @escaping @Sendable (NutritionFacts) -> NutrientAmount?
    ) {
        self.januaryKey = januaryKey
        self.type = type
        self.unit = unit
        self.amount = amount
    }

    /// Every nutrient the mirror writes, in January's order: energy first, then each nutrient HealthKit has a type for.
    public static let all: [HealthNutrientMapping] = [
        HealthNutrientMapping("calories", .dietaryEnergyConsumed, .kilocalories) { $0.calories },
        HealthNutrientMapping("protein", .dietaryProtein, .grams) { $0.protein },
        HealthNutrientMapping("carbohydrates", .dietaryCarbohydrates, .grams) { $0.carbohydrates },
        HealthNutrientMapping("total_fat", .dietaryFatTotal, .grams) { $0.totalFat },
        HealthNutrientMapping("saturated_fat", .dietaryFatSaturated, .grams) { $0.saturatedFat },
        HealthNutrientMapping("fiber", .dietaryFiber, .grams) { $0.fiber },
        HealthNutrientMapping("total_sugars", .dietarySugar, .grams) { $0.totalSugars },
        HealthNutrientMapping("cholesterol", .dietaryCholesterol, .milligrams) { $0.cholesterol },
        HealthNutrientMapping("calcium", .dietaryCalcium, .milligrams) { $0.calcium },
        HealthNutrientMapping("iron", .dietaryIron, .milligrams) { $0.iron },
        HealthNutrientMapping("potassium", .dietaryPotassium, .milligrams) { $0.potassium },
        HealthNutrientMapping("sodium", .dietarySodium, .milligrams) { $0.sodium },
        HealthNutrientMapping("vitamin_d", .dietaryVitaminD, .micrograms) { $0.vitaminD },
    ]

    /// January's nutrients that are never written to Health, by January's key, with the reason.
    public static let unmapped: [String: String] = [
        "net_carbohydrates":
            "HealthKit has no type for it, and it is carbohydrates minus fibre: both are written on their own.",
        "trans_fat": "HealthKit has no type for trans fat.",
        "added_sugars": "HealthKit has no type for added sugars; they are part of total sugars, which is written.",
    ]

    /// International units of vitamin D (cholecalciferol or ergocalciferol) in one microgram: 1 IU is 0.025 µg.
    static let vitaminDIUPerMicrogram = 40.0

    /// An amount in the table's ``unit``.
    ///
    /// - Parameter amount: An amount of this nutrient as January gives it.
    /// - Returns: The value in ``unit``; `nil` when it is not a finite number of at least 0, or its unit does not
    ///   convert (such as `IU` of calcium, or `g` of energy).
    public func convert(_ amount: NutrientAmount) -> Double? {
        guard amount.value.isFinite, amount.value >= 0 else {
            return nil
        }
        if amount.unit.rawValue == unit.rawValue {
            return amount.value
        }
        if amount.unit == .internationalUnits {
            guard type == .dietaryVitaminD else {
                return nil
            }
            return HealthUnit.micrograms.convert(amount.value / Self.vitaminDIUPerMicrogram, to: unit)
        }
        return HealthUnit(rawValue: amount.unit.rawValue).convert(amount.value, to: unit)
    }
}
