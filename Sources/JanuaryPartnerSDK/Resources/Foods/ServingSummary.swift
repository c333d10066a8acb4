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

    // Decoding is synthesized: every property but `id` is optional, so a missing or `null` key reads as `nil`.
    enum CodingKeys: String, CodingKey {
        case id
        case quantity
        case unit
        case weightGrams = "weight_grams"
    }

    /// Encodes every key, with `null` for a missing value, so that a food analysis sent back for correction
    /// keeps the keys January requires.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeNullable(quantity, forKey: .quantity)
        try container.encodeNullable(unit, forKey: .unit)
        try container.encodeNullable(weightGrams, forKey: .weightGrams)
    }
}
