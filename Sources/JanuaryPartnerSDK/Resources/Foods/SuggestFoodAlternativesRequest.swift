import Foundation

/// A request for healthier alternatives to a food, optionally within the end user's diet.
///
/// ```swift
/// let response = try await january.foods.suggestAlternatives(
///     SuggestFoodAlternativesRequest(foodID: food.id, dietRestrictions: [.peanuts], dietPreferences: [.vegan])
/// )
/// ```
public struct SuggestFoodAlternativesRequest: Sendable, Hashable {
    /// The food to replace.
    public var foodID: FoodID

    /// What the alternatives must avoid: at most 17. Empty (the default) when none apply.
    public var dietRestrictions: [DietRestriction]

    /// Diets the alternatives must fit: at most 9. Empty (the default) when none apply.
    public var dietPreferences: [DietPreference]

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - foodID: The food to replace.
    ///   - dietRestrictions: What the alternatives must avoid; at most 17.
    ///   - dietPreferences: Diets the alternatives must fit; at most 9.
    public init(foodID: FoodID, dietRestrictions: [DietRestriction] = [], dietPreferences: [DietPreference] = []) {
        self.foodID = foodID
        self.dietRestrictions = dietRestrictions
        self.dietPreferences = dietPreferences
    }

    /// Checks January's rules, so that a mistake costs no request.
    ///
    /// - Throws: `JanuaryError` of category `invalidInput` naming the field that breaks a rule.
    public func validate() throws {
        try foodID.validate(field: "SuggestFoodAlternativesRequest.foodID")
        try Validation.count(
            dietRestrictions.count, field: "SuggestFoodAlternativesRequest.dietRestrictions", in: 0...17)
        try Validation.count(dietPreferences.count, field: "SuggestFoodAlternativesRequest.dietPreferences", in: 0...9)
    }

    func makeRequest() throws -> JanuaryRequest {
        try validate()
        return try JanuaryOperation.suggestFoodAlternatives.request(
            foodID.rawValue,
            body: .json(Body(dietRestrictions: dietRestrictions, dietPreferences: dietPreferences))
        )
    }

    private struct Body: Encodable {
        var dietRestrictions: [DietRestriction]
        var dietPreferences: [DietPreference]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try container.encode(dietRestrictions, forKey: Keys.dietRestrictions)
            try container.encode(dietPreferences, forKey: Keys.dietPreferences)
        }

        private enum Keys {
            static var dietRestrictions: WireKey { WireKey("diet_restrictions") }
            static var dietPreferences: WireKey { WireKey("diet_preferences") }
        }
    }
}

/// Healthier alternatives to a food.
public struct SuggestFoodAlternativesResponse: Sendable, Hashable, Codable {
    /// The alternatives; empty when January has none, which is not an error.
    public var alternatives: [AlternativeFood]

    /// Creates a response.
    ///
    /// - Parameter alternatives: The alternatives.
    public init(alternatives: [AlternativeFood]) {
        self.alternatives = alternatives
    }

    /// Encodes the alternatives as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(alternatives, forKey: Keys.alternatives)
    }

    private enum Keys {
        static var alternatives: WireKey { WireKey("alternatives") }
    }

    /// Decodes the response; a missing `alternatives` decodes as empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when an alternative is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.alternatives = try container.decodeList([AlternativeFood].self, forKey: Keys.alternatives)
    }
}

/// Something the end user must avoid, for ``SuggestFoodAlternativesRequest/dietRestrictions``.
///
/// January knows 17 restrictions; a request may list at most 17.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public typealias DietRestriction = JanuaryVocabulary<JanuaryVocabularies.DietRestriction>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/DietRestriction``, which keeps its values apart from other vocabularies'.
    public enum DietRestriction {}
}

extension DietRestriction {
    /// `gluten`.
    public static var gluten: DietRestriction { DietRestriction(rawValue: "gluten") }
    /// `lactose`.
    public static var lactose: DietRestriction { DietRestriction(rawValue: "lactose") }
    /// `yeast`.
    public static var yeast: DietRestriction { DietRestriction(rawValue: "yeast") }
    /// `tree_nuts`.
    public static var treeNuts: DietRestriction { DietRestriction(rawValue: "tree_nuts") }
    /// `peanuts`.
    public static var peanuts: DietRestriction { DietRestriction(rawValue: "peanuts") }
    /// `dairy`.
    public static var dairy: DietRestriction { DietRestriction(rawValue: "dairy") }
    /// `eggs`.
    public static var eggs: DietRestriction { DietRestriction(rawValue: "eggs") }
    /// `sulfites`.
    public static var sulfites: DietRestriction { DietRestriction(rawValue: "sulfites") }
    /// `soy`.
    public static var soy: DietRestriction { DietRestriction(rawValue: "soy") }
    /// `wheat`.
    public static var wheat: DietRestriction { DietRestriction(rawValue: "wheat") }
    /// `shellfish`.
    public static var shellfish: DietRestriction { DietRestriction(rawValue: "shellfish") }
    /// `fish`.
    public static var fish: DietRestriction { DietRestriction(rawValue: "fish") }
    /// `mushrooms`.
    public static var mushrooms: DietRestriction { DietRestriction(rawValue: "mushrooms") }
    /// `sesame`.
    public static var sesame: DietRestriction { DietRestriction(rawValue: "sesame") }
    /// `msg`.
    public static var msg: DietRestriction { DietRestriction(rawValue: "msg") }
    /// `caffeine`.
    public static var caffeine: DietRestriction { DietRestriction(rawValue: "caffeine") }
    /// `fodmaps`.
    public static var fodmaps: DietRestriction { DietRestriction(rawValue: "fodmaps") }
}

/// A diet the end user follows, for ``SuggestFoodAlternativesRequest/dietPreferences``.
///
/// January knows 9 preferences; a request may list at most 9.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public typealias DietPreference = JanuaryVocabulary<JanuaryVocabularies.DietPreference>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/DietPreference``, which keeps its values apart from other vocabularies'.
    public enum DietPreference {}
}

extension DietPreference {
    /// `vegetarian`.
    public static var vegetarian: DietPreference { DietPreference(rawValue: "vegetarian") }
    /// `vegan`.
    public static var vegan: DietPreference { DietPreference(rawValue: "vegan") }
    /// `keto`.
    public static var keto: DietPreference { DietPreference(rawValue: "keto") }
    /// `paleo`.
    public static var paleo: DietPreference { DietPreference(rawValue: "paleo") }
    /// `pescatarian`.
    public static var pescatarian: DietPreference { DietPreference(rawValue: "pescatarian") }
    /// `low_carbohydrate`.
    public static var lowCarbohydrate: DietPreference { DietPreference(rawValue: "low_carbohydrate") }
    /// `high_protein`.
    public static var highProtein: DietPreference { DietPreference(rawValue: "high_protein") }
    /// `kosher`.
    public static var kosher: DietPreference { DietPreference(rawValue: "kosher") }
    /// `halal`.
    public static var halal: DietPreference { DietPreference(rawValue: "halal") }
}

/// A healthier food January suggests instead of another, with a recommended portion.
///
/// Each of ``servings`` has ``ServingSummary/quantity`` set to the recommended portion of that serving.
public struct AlternativeFood: Sendable, Hashable, Codable, Identifiable {
    /// The alternative's id.
    public var id: FoodID

    /// The name.
    public var name: String?

    /// The brand, for a branded product.
    public var brandName: String?

    /// The alternative's nutrients.
    public var nutrients: NutritionFacts

    /// Servings with the recommended portion; may be empty.
    public var servings: [ServingSummary]

    /// Creates an alternative, for previews and tests.
    ///
    /// - Parameters:
    ///   - id: The food's id.
    ///   - name: The name.
    ///   - brandName: The brand.
    ///   - nutrients: The nutrients.
    ///   - servings: Servings with the recommended portion.
    public init(
        id: FoodID,
        name: String? = nil,
        brandName: String? = nil,
        nutrients: NutritionFacts = NutritionFacts(),
        servings: [ServingSummary] = []
    ) {
        self.id = id
        self.name = name
        self.brandName = brandName
        self.nutrients = nutrients
        self.servings = servings
    }

    private enum Keys {
        static var id: WireKey { WireKey("id") }
        static var name: WireKey { WireKey("name") }
        static var brandName: WireKey { WireKey("brand_name") }
        static var nutrients: WireKey { WireKey("nutrients") }
        static var servings: WireKey { WireKey("servings") }
        /// Older contracts wrapped each alternative as `{"food": {…}}`.
        static var food: WireKey { WireKey("food") }
    }

    /// Decodes an alternative; only the `id` is required. Also reads the older `{"food": {…}}` wrapping.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the `id` is missing or a present value has the wrong type.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.container(keyedBy: WireKey.self)
        if !container.contains(Keys.id), container.contains(Keys.food) {
            container = try container.nestedContainer(keyedBy: WireKey.self, forKey: Keys.food)
        }
        self.id = try container.decode(FoodID.self, forKey: Keys.id)
        self.name = try container.decodeIfPresent(String.self, forKey: Keys.name)
        self.brandName = try container.decodeIfPresent(String.self, forKey: Keys.brandName)
        self.nutrients = try container.decodeNutrition(forKey: Keys.nutrients)
        self.servings = try container.decodeList([ServingSummary].self, forKey: Keys.servings)
    }

    /// Encodes the alternative with January's keys, `null` for missing values.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(id, forKey: Keys.id)
        try container.encodeNullable(name, forKey: Keys.name)
        try container.encodeNullable(brandName, forKey: Keys.brandName)
        try container.encode(nutrients, forKey: Keys.nutrients)
        try container.encode(servings, forKey: Keys.servings)
    }
}

extension AlternativeFood {
    /// Hashes the food's ``id`` alone: equal foods have equal ids.
    ///
    /// Hashing every nested value as well compiled a copy of the standard library's array hashing for each nested
    /// type into the app (Docs/Benchmarks.md, "Size in an app"); values that compare equal still hash equally.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

extension SuggestFoodAlternativesResponse {
    /// Hashes the alternatives' ids alone: equal responses have equal ids.
    ///
    /// Hashing every nested value as well compiled a copy of the standard library's array hashing for each nested
    /// type into the app (Docs/Benchmarks.md, "Size in an app"); values that compare equal still hash equally.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        for item in alternatives {
            hasher.combine(item.id)
        }
    }
}
