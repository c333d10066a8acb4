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
        return try JanuaryRequest(
            method: .post,
            path: "/v1.2/foods/\(PercentEncoding.pathSegment(foodID.rawValue))/alternatives",
            body: .json(Body(dietRestrictions: dietRestrictions, dietPreferences: dietPreferences))
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
