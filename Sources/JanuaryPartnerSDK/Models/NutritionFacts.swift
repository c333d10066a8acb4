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
    /// The amounts, one per entry of ``nutrients`` and in its order. One array rather than sixteen stored optionals:
    /// those made the struct 384 bytes wide, and every food, portion, log and scan that holds one copied, compared
    /// and destroyed them member by member, which cost an app kilobytes of code (Docs/Benchmarks.md, "Size in an
    /// app"); an array is one reference, copied on write. `Equatable` and `Hashable` compare it element by element.
    private var amounts: [NutrientAmount?]

    /// Energy, usually in `kcal`.
    public var calories: NutrientAmount? {
        get { amounts[0] }
        set { amounts[0] = newValue }
    }

    /// Protein.
    public var protein: NutrientAmount? {
        get { amounts[1] }
        set { amounts[1] = newValue }
    }

    /// Total carbohydrates.
    public var carbohydrates: NutrientAmount? {
        get { amounts[2] }
        set { amounts[2] = newValue }
    }

    /// Net carbohydrates: total carbohydrates minus fibre.
    public var netCarbohydrates: NutrientAmount? {
        get { amounts[3] }
        set { amounts[3] = newValue }
    }

    /// Total fat.
    public var totalFat: NutrientAmount? {
        get { amounts[4] }
        set { amounts[4] = newValue }
    }

    /// Trans fat.
    public var transFat: NutrientAmount? {
        get { amounts[5] }
        set { amounts[5] = newValue }
    }

    /// Saturated fat.
    public var saturatedFat: NutrientAmount? {
        get { amounts[6] }
        set { amounts[6] = newValue }
    }

    /// Dietary fibre.
    public var fiber: NutrientAmount? {
        get { amounts[7] }
        set { amounts[7] = newValue }
    }

    /// Total sugars.
    public var totalSugars: NutrientAmount? {
        get { amounts[8] }
        set { amounts[8] = newValue }
    }

    /// Added sugars.
    public var addedSugars: NutrientAmount? {
        get { amounts[9] }
        set { amounts[9] = newValue }
    }

    /// Cholesterol.
    public var cholesterol: NutrientAmount? {
        get { amounts[10] }
        set { amounts[10] = newValue }
    }

    /// Calcium.
    public var calcium: NutrientAmount? {
        get { amounts[11] }
        set { amounts[11] = newValue }
    }

    /// Iron.
    public var iron: NutrientAmount? {
        get { amounts[12] }
        set { amounts[12] = newValue }
    }

    /// Potassium.
    public var potassium: NutrientAmount? {
        get { amounts[13] }
        set { amounts[13] = newValue }
    }

    /// Sodium.
    public var sodium: NutrientAmount? {
        get { amounts[14] }
        set { amounts[14] = newValue }
    }

    /// Vitamin D.
    public var vitaminD: NutrientAmount? {
        get { amounts[15] }
        set { amounts[15] = newValue }
    }

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
        amounts = [
            calories, protein, carbohydrates, netCarbohydrates, totalFat,
            transFat, saturatedFat, fiber, totalSugars, addedSugars, cholesterol,
            calcium, iron, potassium, sodium, vitaminD,
        ]
    }

    /// The nutrients in ``amounts``' order, which is the order January writes them: each one's wire key and its
    /// property's name (for ``customMirror``). The one list that decoding, encoding and the mirror walk;
    /// `NutritionFactsTests` checks each property against its key.
    private static var nutrients: [(key: WireKey, name: String)] {
        [
            (WireKey("calories"), "calories"),
            (WireKey("protein"), "protein"),
            (WireKey("carbohydrates"), "carbohydrates"),
            (WireKey("net_carbohydrates"), "netCarbohydrates"),
            (WireKey("total_fat"), "totalFat"),
            (WireKey("trans_fat"), "transFat"),
            (WireKey("saturated_fat"), "saturatedFat"),
            (WireKey("fiber"), "fiber"),
            (WireKey("total_sugars"), "totalSugars"),
            (WireKey("added_sugars"), "addedSugars"),
            (WireKey("cholesterol"), "cholesterol"),
            (WireKey("calcium"), "calcium"),
            (WireKey("iron"), "iron"),
            (WireKey("potassium"), "potassium"),
            (WireKey("sodium"), "sodium"),
            (WireKey("vitamin_d"), "vitaminD"),
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
        amounts = Self.nutrients.map { key, _ in
            (try? container.decodeIfPresent(NutrientAmount.self, forKey: key)) ?? nil
        }
    }

    /// Encodes only the nutrients that have a value, as January does.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws, such as for a value that is not finite.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        for ((key, _), amount) in zip(Self.nutrients, amounts) {
            try container.encodeIfPresent(amount, forKey: key)
        }
    }

    /// Whether no nutrient has a value.
    public var isEmpty: Bool {
        amounts.allSatisfy { $0 == nil }
    }

    /// Every nutrient multiplied by `factor`, units unchanged; nutrients without a value stay without one.
    ///
    /// - Parameter factor: The multiplier, such as the number of servings eaten.
    /// - Returns: The scaled facts.
    public func scaled(by factor: Double) -> NutritionFacts {
        var scaled = self
        scaled.amounts = amounts.map { $0?.scaled(by: factor) }
        return scaled
    }
}

extension NutritionFacts: CustomReflectable {
    /// The nutrients by their property names, as `print` and `dump` showed them when each was a stored property.
    public var customMirror: Mirror {
        Mirror(
            self, children: zip(Self.nutrients, amounts).map { (label: $0.name, value: $1 as Any) },
            displayStyle: .struct)
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
        totals.amounts = totals.amounts.indices.map { index in
            NutrientAmount.sum(facts.compactMap { $0.amounts[index] })
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
        static var value: WireKey { WireKey("value") }
        static var unit: WireKey { WireKey("unit") }
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
public typealias NutrientUnit = JanuaryVocabulary<JanuaryVocabularies.NutrientUnit>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/NutrientUnit``, which keeps its values apart from other vocabularies'.
    public enum NutrientUnit {}
}

extension NutrientUnit {
    /// Grams, `g`.
    public static var grams: NutrientUnit { NutrientUnit(rawValue: "g") }
    /// Milligrams, `mg`.
    public static var milligrams: NutrientUnit { NutrientUnit(rawValue: "mg") }
    /// Micrograms, `mcg`.
    public static var micrograms: NutrientUnit { NutrientUnit(rawValue: "mcg") }
    /// Kilocalories, `kcal`: the "calories" on a nutrition label.
    public static var kilocalories: NutrientUnit { NutrientUnit(rawValue: "kcal") }
    /// International units, `IU`, used for some vitamins.
    public static var internationalUnits: NutrientUnit { NutrientUnit(rawValue: "IU") }
}
