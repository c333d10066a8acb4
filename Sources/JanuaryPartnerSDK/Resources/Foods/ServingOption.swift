import Foundation
import JanuaryCore

/// One way to measure a catalogue food, such as "1 cup (148 g)", as listed on a ``Food`` or a menu item.
///
/// A food's ``Food/nutrients`` are for its default serving (the one with ``isPrimary`` set). To show or log
/// another serving, pick it by ``id`` and let ``ServedFood/portion(servingID:quantity:)`` scale the nutrients.
///
/// Every field but ``id`` may be `nil` when January's catalogue has no value for it.
public struct ServingOption: Sendable, Hashable, Codable, Identifiable {
    /// The serving's id, to send as `serving_id` with the food's id.
    public var id: ServingID

    /// How many ``unit``s one serving is, such as `1` for "1 cup" or `100` for "100 g".
    public var quantity: Double?

    /// The serving's unit as January writes it, such as `cup`, `oz` or `g`.
    public var unit: String?

    /// The multiplier January applies to the food's nutrient values for this serving.
    ///
    /// Compare it with the default serving's factor to scale the food's per-default-serving nutrients; the
    /// portion helpers do this for you.
    public var scalingFactor: Double?

    /// The weight of one serving in grams.
    public var weightGrams: Double?

    /// Whether this is the food's default serving, the one its nutrients describe.
    public var isPrimary: Bool?

    /// Creates a serving option.
    ///
    /// - Parameters:
    ///   - id: The serving's id.
    ///   - quantity: How many units one serving is.
    ///   - unit: The unit.
    ///   - scalingFactor: The multiplier January applies to the food's nutrients for this serving.
    ///   - weightGrams: The weight of one serving in grams.
    ///   - isPrimary: Whether this is the default serving.
    public init(
        id: ServingID,
        quantity: Double? = nil,
        unit: String? = nil,
        scalingFactor: Double? = nil,
        weightGrams: Double? = nil,
        isPrimary: Bool? = nil
    ) {
        self.id = id
        self.quantity = quantity
        self.unit = unit
        self.scalingFactor = scalingFactor
        self.weightGrams = weightGrams
        self.isPrimary = isPrimary
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
        self.scalingFactor = try container.decodeIfPresent(Double.self, forKey: Keys.scalingFactor)
        self.weightGrams = try container.decodeIfPresent(Double.self, forKey: Keys.weightGrams)
        self.isPrimary = try container.decodeIfPresent(Bool.self, forKey: Keys.isPrimary)
    }

    private enum Keys {
        static var id: WireKey { WireKey("id") }
        static var quantity: WireKey { WireKey("quantity") }
        static var unit: WireKey { WireKey("unit") }
        static var scalingFactor: WireKey { WireKey("scaling_factor") }
        static var weightGrams: WireKey { WireKey("weight_grams") }
        static var isPrimary: WireKey { WireKey("is_primary") }
    }

    /// Encodes every key, with `null` for a missing value, as January does.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(id, forKey: Keys.id)
        try container.encodeNullable(quantity, forKey: Keys.quantity)
        try container.encodeNullable(unit, forKey: Keys.unit)
        try container.encodeNullable(scalingFactor, forKey: Keys.scalingFactor)
        try container.encodeNullable(weightGrams, forKey: Keys.weightGrams)
        try container.encodeNullable(isPrimary, forKey: Keys.isPrimary)
    }
}

/// January's identifier of one serving option of a food, such as "1 cup" or "100 g".
///
/// A serving id is a decimal number of up to ten digits without a leading zero (`^[1-9][0-9]{0,9}$`). Send it
/// with the `FoodID` of the food it belongs to, for example in a `FoodLogInputFood`.
///
/// On the wire the identifier is always a string; the SDK also reads it from a JSON integer and always writes
/// it back as a string. Treat it as opaque: compare it, store it, send it back, but do not compute with it.
///
/// ```swift
/// let portion = FoodLogInputFood(foodID: food.id, servingID: "42", quantity: 1.5)
/// ```
public typealias ServingID = JanuaryIdentifier<ServingOption>

extension ServingOption: IdentifierOwner {
    static var identifierForm: IdentifierForm { .numeric }
}
