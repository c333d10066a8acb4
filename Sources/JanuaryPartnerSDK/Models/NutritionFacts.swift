import Foundation

/// The nutrients January knows for a food, a portion, a meal or a day, each one optional.
///
/// A nutrient January has no value for is `nil`, never zero: show "–" rather than "0 g". An empty
/// `NutritionFacts()` is valid and common (an autocomplete suggestion carries only calories, sometimes nothing).
///
/// What the amounts refer to depends on where the facts come from:
/// - On a ``Food``, a ``RestaurantMenuItem`` or a ``RestaurantMenuSearchItem``: one *default* serving. Use
///   ``ServedFood/portion(servingID:quantity:)`` to get the amounts for what the user ate.
/// - On a food analysis (``FoodScan``, ``DetectedFood``) and on a logged food: the portion actually eaten,
///   already scaled. Do not scale them again.
///
/// Each amount carries its own unit; do not assume one per nutrient.
public struct NutritionFacts: Sendable, Hashable, Codable {
    /// Energy, usually in `kcal`.
    public var calories: NutrientAmount?

    /// Protein.
    public var protein: NutrientAmount?

    /// Total carbohydrates.
    public var carbohydrates: NutrientAmount?

    /// Net carbohydrates: total carbohydrates minus fibre.
    public var netCarbohydrates: NutrientAmount?

    /// Total fat.
    public var totalFat: NutrientAmount?

    /// Trans fat.
    public var transFat: NutrientAmount?

    /// Saturated fat.
    public var saturatedFat: NutrientAmount?

    /// Dietary fibre.
    public var fiber: NutrientAmount?

    /// Total sugars.
    public var totalSugars: NutrientAmount?

    /// Added sugars.
    public var addedSugars: NutrientAmount?

    /// Cholesterol.
    public var cholesterol: NutrientAmount?

    /// Calcium.
    public var calcium: NutrientAmount?

    /// Iron.
    public var iron: NutrientAmount?

    /// Potassium.
    public var potassium: NutrientAmount?

    /// Sodium.
    public var sodium: NutrientAmount?

    /// Vitamin D.
    public var vitaminD: NutrientAmount?

    /// Creates nutrition facts; every nutrient defaults to "no value".
    ///
    /// - Parameters:
    ///   - calories: Energy, usually in `kcal`.
    ///   - protein: Protein.
    ///   - carbohydrates: Total carbohydrates.
    ///   - netCarbohydrates: Net carbohydrates: total carbohydrates minus fibre.
    ///   - totalFat: Total fat.
    ///   - transFat: Trans fat.
    ///   - saturatedFat: Saturated fat.
    ///   - fiber: Dietary fibre.
    ///   - totalSugars: Total sugars.
    ///   - addedSugars: Added sugars.
    ///   - cholesterol: Cholesterol.
    ///   - calcium: Calcium.
    ///   - iron: Iron.
    ///   - potassium: Potassium.
    ///   - sodium: Sodium.
    ///   - vitaminD: Vitamin D.
    public init(
        calories: NutrientAmount? = nil,
        protein: NutrientAmount? = nil,
        carbohydrates: NutrientAmount? = nil,
        netCarbohydrates: NutrientAmount? = nil,
        totalFat: NutrientAmount? = nil,
        transFat: NutrientAmount? = nil,
        saturatedFat: NutrientAmount? = nil,
        fiber: NutrientAmount? = nil,
        totalSugars: NutrientAmount? = nil,
        addedSugars: NutrientAmount? = nil,
        cholesterol: NutrientAmount? = nil,
        calcium: NutrientAmount? = nil,
        iron: NutrientAmount? = nil,
        potassium: NutrientAmount? = nil,
        sodium: NutrientAmount? = nil,
        vitaminD: NutrientAmount? = nil
    ) {
        self.calories = calories
        self.protein = protein
        self.carbohydrates = carbohydrates
        self.netCarbohydrates = netCarbohydrates
        self.totalFat = totalFat
        self.transFat = transFat
        self.saturatedFat = saturatedFat
        self.fiber = fiber
        self.totalSugars = totalSugars
        self.addedSugars = addedSugars
        self.cholesterol = cholesterol
        self.calcium = calcium
        self.iron = iron
        self.potassium = potassium
        self.sodium = sodium
        self.vitaminD = vitaminD
    }

    /// The nutrients, each with its wire key and the property it fills: the one list that decoding, encoding,
    /// scaling, summing and `isEmpty` walk, in the order January writes them.
    private static var nutrients: [(key: WireKey, amount: WritableKeyPath<NutritionFacts, NutrientAmount?>)] {
        [
            ("calories", \.calories),
            ("protein", \.protein),
            ("carbohydrates", \.carbohydrates),
            ("net_carbohydrates", \.netCarbohydrates),
            ("total_fat", \.totalFat),
            ("trans_fat", \.transFat),
            ("saturated_fat", \.saturatedFat),
            ("fiber", \.fiber),
            ("total_sugars", \.totalSugars),
            ("added_sugars", \.addedSugars),
            ("cholesterol", \.cholesterol),
            ("calcium", \.calcium),
            ("iron", \.iron),
            ("potassium", \.potassium),
            ("sodium", \.sodium),
            ("vitamin_d", \.vitaminD),
        ]
    }

    /// Decodes the facts, keeping every nutrient that is present and well-formed.
    ///
    /// A missing or `null` nutrient is `nil`. So is a malformed one (no number, no unit): one bad amount must
    /// not cost the partner a whole search result, and `nil` already means "no value".
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the value is not a JSON object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.init()
        for (key, amount) in Self.nutrients {
            self[keyPath: amount] = (try? container.decodeIfPresent(NutrientAmount.self, forKey: key)) ?? nil
        }
    }

    /// Encodes only the nutrients that have a value, as January does.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws, such as for a value that is not finite.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        for (key, amount) in Self.nutrients {
            try container.encodeIfPresent(self[keyPath: amount], forKey: key)
        }
    }

    /// Whether no nutrient has a value.
    public var isEmpty: Bool {
        Self.nutrients.allSatisfy { self[keyPath: $0.amount] == nil }
    }

    /// Every nutrient multiplied by `factor`, units unchanged; nutrients without a value stay without one.
    ///
    /// - Parameter factor: The multiplier, such as the number of servings eaten.
    /// - Returns: The scaled facts.
    public func scaled(by factor: Double) -> NutritionFacts {
        var scaled = self
        for (_, amount) in Self.nutrients {
            scaled[keyPath: amount] = self[keyPath: amount]?.scaled(by: factor)
        }
        return scaled
    }
}

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
        var totals = NutritionFacts()
        for (_, amount) in Self.nutrients {
            totals[keyPath: amount] = NutrientAmount.sum(facts.compactMap { $0[keyPath: amount] })
        }
        return totals
    }
}

/// An amount of one nutrient, such as 105 kcal or 422 mg.
///
/// ```swift
/// if let calories = food.nutrients.calories {
///     badge.text = "\(Int(calories.value.rounded())) \(calories.unit)"  // "105 kcal"
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

    /// Decodes an amount from January's JSON.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.value = try container.decode(Double.self, forKey: Keys.value)
        self.unit = try container.decode(NutrientUnit.self, forKey: Keys.unit)
    }

    /// Encodes an amount as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(value, forKey: Keys.value)
        try container.encode(unit, forKey: Keys.unit)
    }

    private enum Keys {
        static var value: WireKey { "value" }
        static var unit: WireKey { "unit" }
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
