import Foundation

/// The one catalogue serving a food analysis, an alternative or a logged food refers to.
///
/// For a detected or logged food, the portion eaten is the food's quantity times this serving: eating
/// `quantity` 1.5 of a serving of `1` `cup` weighing `148` g is 1.5 cups, 222 g.
///
/// January always sends ``quantity``; it is optional here only so that a response missing it still decodes.
public struct ServingSummary: Sendable, Hashable, Codable, Identifiable {
    /// The serving's id, to send as `serving_id`.
    public var id: ServingID

    /// How many ``unit``s one serving is, such as `1` for "1 cup". For an alternative food it is the
    /// recommended portion.
    public var quantity: Double?

    /// The serving's unit as January writes it, such as `cup` or `g`.
    public var unit: String?

    /// The weight of one serving in grams; consumed grams are the food's quantity times this.
    public var weightGrams: Double?

    /// Creates a serving summary.
    ///
    /// - Parameters:
    ///   - id: The serving's id.
    ///   - quantity: How many units one serving is.
    ///   - unit: The unit.
    ///   - weightGrams: The weight of one serving in grams.
    public init(id: ServingID, quantity: Double?, unit: String? = nil, weightGrams: Double? = nil) {
        self.id = id
        self.quantity = quantity
        self.unit = unit
        self.weightGrams = weightGrams
    }

    /// Decodes a serving from January's JSON; every field but `id` may be missing or `null`, and reads as `nil`.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the `id` is missing or a field is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.id = try container.decode(ServingID.self, forKey: Keys.id)
        self.quantity = try container.decodeIfPresent(Double.self, forKey: Keys.quantity)
        self.unit = try container.decodeIfPresent(String.self, forKey: Keys.unit)
        self.weightGrams = try container.decodeIfPresent(Double.self, forKey: Keys.weightGrams)
    }

    private enum Keys {
        static var id: WireKey { WireKey("id") }
        static var quantity: WireKey { WireKey("quantity") }
        static var unit: WireKey { WireKey("unit") }
        static var weightGrams: WireKey { WireKey("weight_grams") }
    }

    /// Encodes every key, with `null` for a missing value, so that a food analysis sent back for correction
    /// keeps the keys January requires.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(id, forKey: Keys.id)
        try container.encodeNullable(quantity, forKey: Keys.quantity)
        try container.encodeNullable(unit, forKey: Keys.unit)
        try container.encodeNullable(weightGrams, forKey: Keys.weightGrams)
    }
}
