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
        return try OperationEncoding.jsonRequest(
            method: .post,
            path: "/v1.2/foods/\(OperationEncoding.pathSegment(foodID.rawValue))/alternatives",
            body: Body(dietRestrictions: dietRestrictions, dietPreferences: dietPreferences)
        )
    }

    private struct Body: Encodable {
        var dietRestrictions: [DietRestriction]
        var dietPreferences: [DietPreference]

        enum CodingKeys: String, CodingKey {
            case dietRestrictions = "diet_restrictions"
            case dietPreferences = "diet_preferences"
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

    enum CodingKeys: String, CodingKey {
        case alternatives
    }

    /// Decodes the response; a missing `alternatives` decodes as empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when an alternative is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.alternatives = try container.decodeList([AlternativeFood].self, forKey: .alternatives)
    }
}
