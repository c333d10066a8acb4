import Foundation

/// A food eaten in the past, paired with CGM history to personalise a glucose prediction.
public struct ConsumedHistoricalFood: Sendable, Hashable, Codable {
    /// When it was eaten.
    public var timestamp: Date

    /// The food.
    public var foodID: FoodID

    /// The serving the quantity counts.
    public var servingID: ServingID

    /// How many servings: greater than 0 and at most 10 000.
    public var quantity: Double

    /// Creates a historical food.
    ///
    /// - Parameters:
    ///   - timestamp: When it was eaten.
    ///   - foodID: The food.
    ///   - servingID: The serving the quantity counts.
    ///   - quantity: How many servings.
    public init(timestamp: Date, foodID: FoodID, servingID: ServingID, quantity: Double) {
        self.timestamp = timestamp
        self.foodID = foodID
        self.servingID = servingID
        self.quantity = quantity
    }

    /// Creates a historical food from a food log entry.
    ///
    /// - Parameters:
    ///   - timestamp: When it was eaten.
    ///   - food: The food, serving and quantity.
    public init(timestamp: Date, food: FoodLogInputFood) {
        self.init(timestamp: timestamp, foodID: food.foodID, servingID: food.servingID, quantity: food.quantity)
    }

    private enum Keys {
        static var timestamp: WireKey { WireKey("timestamp") }
        static var foodID: WireKey { WireKey("food_id") }
        static var servingID: WireKey { WireKey("serving_id") }
        static var quantity: WireKey { WireKey("quantity") }
    }

    /// Decodes a historical food with an ISO 8601 timestamp.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a value is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.timestamp = try container.decodeTimestamp(forKey: Keys.timestamp)
        self.foodID = try container.decode(FoodID.self, forKey: Keys.foodID)
        self.servingID = try container.decode(ServingID.self, forKey: Keys.servingID)
        self.quantity = try container.decode(Double.self, forKey: Keys.quantity)
    }

    /// Encodes the historical food with an ISO 8601 UTC timestamp.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encodeTimestamp(timestamp, forKey: Keys.timestamp)
        try container.encode(foodID, forKey: Keys.foodID)
        try container.encode(servingID, forKey: Keys.servingID)
        try container.encode(quantity, forKey: Keys.quantity)
    }
}
