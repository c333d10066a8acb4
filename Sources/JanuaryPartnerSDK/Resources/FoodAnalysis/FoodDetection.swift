import Foundation

/// One food a food analysis recognised, with how sure it is.
public struct FoodDetection: Sendable, Hashable, Codable {
    /// How sure a photo analysis is of this food; `nil` for text analyses and corrected results.
    public var confidence: Confidence?

    /// The matched food and the portion eaten.
    public var food: DetectedFood

    /// Creates a detection, for previews and tests.
    ///
    /// - Parameters:
    ///   - confidence: How sure the analysis is.
    ///   - food: The matched food and portion.
    public init(confidence: Confidence? = nil, food: DetectedFood) {
        self.confidence = confidence
        self.food = food
    }

    private enum Keys {
        static var confidence: WireKey { WireKey("confidence") }
        static var food: WireKey { WireKey("food") }
        // Older contracts named the confidence `confidence_score`.
        static var confidenceScore: WireKey { WireKey("confidence_score") }
    }

    /// Decodes a detection; the `food` is required.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the `food` is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.confidence =
            try container.decodeIfPresent(Confidence.self, forKey: Keys.confidence)
            ?? container.decodeIfPresent(Confidence.self, forKey: Keys.confidenceScore)
        self.food = try container.decode(DetectedFood.self, forKey: Keys.food)
    }

    /// Encodes the detection, with an explicit `null` confidence as a correction requires.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encodeNullable(confidence, forKey: Keys.confidence)
        try container.encode(food, forKey: Keys.food)
    }
}

/// How sure a photo analysis is of one detected food: high, medium or low.
///
/// Text analyses and corrected results carry no confidence (``FoodDetection/confidence`` is `nil`).
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public typealias Confidence = JanuaryVocabulary<JanuaryVocabularies.Confidence>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/Confidence``, which keeps its values apart from other vocabularies'.
    public enum Confidence {}
}

extension Confidence {
    /// The analysis is confident.
    public static var high: Confidence { Confidence(rawValue: "high") }
    /// The analysis is fairly confident.
    public static var medium: Confidence { Confidence(rawValue: "medium") }
    /// The analysis is unsure; consider asking the user to confirm.
    public static var low: Confidence { Confidence(rawValue: "low") }
}

/// A catalogue food a food analysis matched, with how much of it was eaten.
///
/// Log it as it is: ``id`` is the `food_id`, ``serving``'s id the `serving_id` and ``quantity`` the `quantity`
/// (``loggableFood`` puts them together). Its ``nutrients`` are already those of the portion eaten: do not scale
/// them again.
///
/// It is not `Identifiable`: a scan can find the same catalogue food twice (two portions of it), so ``id`` does
/// not tell detections apart. In a SwiftUI list, identify them by position:
/// `ForEach(Array(scan.detections.enumerated()), id: \.offset)`.
public struct DetectedFood: Sendable, Hashable, Codable {
    /// The food's name.
    public var name: String?

    /// The brand, for a branded product; `nil` for generic foods.
    public var brandName: String?

    /// The matched catalogue food, to send as `food_id`.
    public var id: FoodID

    /// How many servings were eaten, greater than 0 and at most 10 000. January always sends it; it is optional
    /// only so that a response missing it still decodes.
    public var quantity: Double?

    /// The catalogue serving ``quantity`` counts. January always sends it; it is optional only so that a response
    /// missing it still decodes.
    public var serving: ServingSummary?

    /// Nutrients of the portion eaten, already scaled.
    public var nutrients: NutritionFacts

    /// Creates a detected food, for previews and tests.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - brandName: The brand.
    ///   - id: The matched catalogue food.
    ///   - quantity: How many servings were eaten.
    ///   - serving: The serving the quantity counts.
    ///   - nutrients: Nutrients of the portion eaten.
    public init(
        name: String? = nil,
        brandName: String? = nil,
        id: FoodID,
        quantity: Double?,
        serving: ServingSummary?,
        nutrients: NutritionFacts = NutritionFacts()
    ) {
        self.name = name
        self.brandName = brandName
        self.id = id
        self.quantity = quantity
        self.serving = serving
        self.nutrients = nutrients
    }

    /// What to put in a food log or a glucose prediction for this food, or `nil` when January sent no quantity
    /// or serving.
    public var loggableFood: FoodLogInputFood? {
        guard let quantity, let serving else {
            return nil
        }
        return FoodLogInputFood(foodID: id, servingID: serving.id, quantity: quantity)
    }

    /// The amount eaten in ``unit``: `quantity × serving.quantity`, such as 1.5 for "1.5 cups".
    public var amount: Double? {
        guard let quantity, let servingQuantity = serving?.quantity else {
            return nil
        }
        return quantity * servingQuantity
    }

    /// The unit of ``amount``, such as `cup`.
    public var unit: String? {
        serving?.unit
    }

    /// The weight eaten in grams: `quantity × serving.weightGrams`.
    public var grams: Double? {
        guard let quantity, let weight = serving?.weightGrams else {
            return nil
        }
        return quantity * weight
    }

    private enum Keys {
        static var name: WireKey { WireKey("name") }
        static var brandName: WireKey { WireKey("brand_name") }
        static var id: WireKey { WireKey("id") }
        static var quantity: WireKey { WireKey("quantity") }
        static var serving: WireKey { WireKey("serving") }
        static var nutrients: WireKey { WireKey("nutrients") }
    }

    /// Decodes a detected food; only the `id` is required.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the `id` is missing or a present value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.name = try container.decodeIfPresent(String.self, forKey: Keys.name)
        self.brandName = try container.decodeIfPresent(String.self, forKey: Keys.brandName)
        self.id = try container.decode(FoodID.self, forKey: Keys.id)
        self.quantity = try container.decodeIfPresent(Double.self, forKey: Keys.quantity)
        self.serving = try container.decodeIfPresent(ServingSummary.self, forKey: Keys.serving)
        self.nutrients = try container.decodeNutrition(forKey: Keys.nutrients)
    }

    /// Encodes every key, with `null` for a missing value: a correction requires `name` and `brand_name` even when
    /// they are `null`.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encodeNullable(name, forKey: Keys.name)
        try container.encodeNullable(brandName, forKey: Keys.brandName)
        try container.encode(id, forKey: Keys.id)
        try container.encodeNullable(quantity, forKey: Keys.quantity)
        try container.encodeNullable(serving, forKey: Keys.serving)
        try container.encode(nutrients, forKey: Keys.nutrients)
    }
}
