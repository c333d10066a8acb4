import Foundation
import JanuaryCore

/// One food to log or to predict glucose for: which food, which of its servings, and how many servings.
///
/// ```swift
/// let serving = try food.serving(unit: "cup")
/// let eaten = FoodLogInputFood(foodID: food.id, servingID: serving.id, quantity: 1.5)  // 1.5 cups
/// ```
///
/// A food analysis gives these ready-made (``FoodScan/loggableFoods``), and so does a portion
/// (``FoodPortion/loggableFood``).
public struct FoodLogInputFood: Sendable, Hashable, Codable {
    /// The largest quantity January accepts.
    public static let maximumQuantity = 10_000.0

    /// The food eaten.
    public var foodID: FoodID

    /// The serving the quantity counts: one of the food's serving ids.
    public var servingID: ServingID

    /// How many servings were eaten: finite, greater than 0 and at most ``maximumQuantity``.
    public var quantity: Double

    /// Creates a food entry.
    ///
    /// - Parameters:
    ///   - foodID: The food eaten.
    ///   - servingID: One of the food's serving ids.
    ///   - quantity: How many servings were eaten.
    public init(foodID: FoodID, servingID: ServingID, quantity: Double) {
        self.foodID = foodID
        self.servingID = servingID
        self.quantity = quantity
    }

    /// Decodes a food from January's JSON.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.foodID = try container.decode(FoodID.self, forKey: Keys.foodID)
        self.servingID = try container.decode(ServingID.self, forKey: Keys.servingID)
        self.quantity = try container.decode(Double.self, forKey: Keys.quantity)
    }

    /// Encodes a food as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(foodID, forKey: Keys.foodID)
        try container.encode(servingID, forKey: Keys.servingID)
        try container.encode(quantity, forKey: Keys.quantity)
    }

    private enum Keys {
        static var foodID: WireKey { WireKey("food_id") }
        static var servingID: WireKey { WireKey("serving_id") }
        static var quantity: WireKey { WireKey("quantity") }
    }

    /// Checks the entry against January's rules, so that a mistake is caught before anything is sent.
    ///
    /// Operations that send the entry call this themselves; call it to check a form early.
    ///
    /// - Throws: `JanuaryError` of category `invalidInput` when the food or serving id is not a numeric id, or the
    ///   quantity is not finite, greater than 0 and at most ``maximumQuantity``.
    public func validate() throws {
        try validate(field: "FoodLogInputFood")
    }

    /// The same checks, naming the entry as it appears in the request (such as `foods[2]`).
    func validate(field: String) throws {
        try foodID.validate(field: "\(field).foodID")
        try servingID.validate(field: "\(field).servingID")
        try Validation.number(quantity, field: "\(field).quantity", above: 0, atMost: Self.maximumQuantity)
    }
}
