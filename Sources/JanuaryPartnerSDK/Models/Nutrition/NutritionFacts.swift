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

    enum CodingKeys: String, CodingKey, CaseIterable {
        case calories
        case protein
        case carbohydrates
        case netCarbohydrates = "net_carbohydrates"
        case totalFat = "total_fat"
        case transFat = "trans_fat"
        case saturatedFat = "saturated_fat"
        case fiber
        case totalSugars = "total_sugars"
        case addedSugars = "added_sugars"
        case cholesterol
        case calcium
        case iron
        case potassium
        case sodium
        case vitaminD = "vitamin_d"
    }

    /// Decodes the facts, keeping every nutrient that is present and well-formed.
    ///
    /// A missing or `null` nutrient is `nil`. So is a malformed one (no number, no unit): one bad amount must
    /// not cost the partner a whole search result, and `nil` already means "no value".
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the value is not a JSON object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        calories = container.decodeNutrient(forKey: .calories)
        protein = container.decodeNutrient(forKey: .protein)
        carbohydrates = container.decodeNutrient(forKey: .carbohydrates)
        netCarbohydrates = container.decodeNutrient(forKey: .netCarbohydrates)
        totalFat = container.decodeNutrient(forKey: .totalFat)
        transFat = container.decodeNutrient(forKey: .transFat)
        saturatedFat = container.decodeNutrient(forKey: .saturatedFat)
        fiber = container.decodeNutrient(forKey: .fiber)
        totalSugars = container.decodeNutrient(forKey: .totalSugars)
        addedSugars = container.decodeNutrient(forKey: .addedSugars)
        cholesterol = container.decodeNutrient(forKey: .cholesterol)
        calcium = container.decodeNutrient(forKey: .calcium)
        iron = container.decodeNutrient(forKey: .iron)
        potassium = container.decodeNutrient(forKey: .potassium)
        sodium = container.decodeNutrient(forKey: .sodium)
        vitaminD = container.decodeNutrient(forKey: .vitaminD)
    }

    /// Encodes only the nutrients that have a value, as January does.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws, such as for a value that is not finite.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(calories, forKey: .calories)
        try container.encodeIfPresent(protein, forKey: .protein)
        try container.encodeIfPresent(carbohydrates, forKey: .carbohydrates)
        try container.encodeIfPresent(netCarbohydrates, forKey: .netCarbohydrates)
        try container.encodeIfPresent(totalFat, forKey: .totalFat)
        try container.encodeIfPresent(transFat, forKey: .transFat)
        try container.encodeIfPresent(saturatedFat, forKey: .saturatedFat)
        try container.encodeIfPresent(fiber, forKey: .fiber)
        try container.encodeIfPresent(totalSugars, forKey: .totalSugars)
        try container.encodeIfPresent(addedSugars, forKey: .addedSugars)
        try container.encodeIfPresent(cholesterol, forKey: .cholesterol)
        try container.encodeIfPresent(calcium, forKey: .calcium)
        try container.encodeIfPresent(iron, forKey: .iron)
        try container.encodeIfPresent(potassium, forKey: .potassium)
        try container.encodeIfPresent(sodium, forKey: .sodium)
        try container.encodeIfPresent(vitaminD, forKey: .vitaminD)
    }

    /// Whether no nutrient has a value.
    public var isEmpty: Bool {
        allAmounts.allSatisfy { $0 == nil }
    }

    /// Every nutrient multiplied by `factor`, units unchanged; nutrients without a value stay without one.
    ///
    /// - Parameter factor: The multiplier, such as the number of servings eaten.
    /// - Returns: The scaled facts.
    public func scaled(by factor: Double) -> NutritionFacts {
        NutritionFacts(
            calories: calories?.scaled(by: factor),
            protein: protein?.scaled(by: factor),
            carbohydrates: carbohydrates?.scaled(by: factor),
            netCarbohydrates: netCarbohydrates?.scaled(by: factor),
            totalFat: totalFat?.scaled(by: factor),
            transFat: transFat?.scaled(by: factor),
            saturatedFat: saturatedFat?.scaled(by: factor),
            fiber: fiber?.scaled(by: factor),
            totalSugars: totalSugars?.scaled(by: factor),
            addedSugars: addedSugars?.scaled(by: factor),
            cholesterol: cholesterol?.scaled(by: factor),
            calcium: calcium?.scaled(by: factor),
            iron: iron?.scaled(by: factor),
            potassium: potassium?.scaled(by: factor),
            sodium: sodium?.scaled(by: factor),
            vitaminD: vitaminD?.scaled(by: factor)
        )
    }

    private var allAmounts: [NutrientAmount?] {
        [
            calories, protein, carbohydrates, netCarbohydrates, totalFat, transFat, saturatedFat, fiber, totalSugars,
            addedSugars, cholesterol, calcium, iron, potassium, sodium, vitaminD,
        ]
    }
}

extension KeyedDecodingContainer where Key == NutritionFacts.CodingKeys {
    fileprivate func decodeNutrient(forKey key: Key) -> NutrientAmount? {
        (try? decodeIfPresent(NutrientAmount.self, forKey: key)) ?? nil
    }
}
