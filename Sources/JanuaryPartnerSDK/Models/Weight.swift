import Foundation

/// A body weight, such as 72.5 kg, as sent in a glucose prediction profile or a weight log.
///
/// January keeps the unit it is given and never converts: a weight logged in pounds is listed in pounds.
///
/// ```swift
/// let weight = Weight(value: 160, unit: .pounds)
/// ```
public struct Weight: Sendable, Hashable, Codable {
    /// The weight, in ``unit``.
    public var value: Double

    /// The unit of ``value``.
    public var unit: WeightUnit

    /// Creates a weight.
    ///
    /// - Parameters:
    ///   - value: The weight.
    ///   - unit: Its unit.
    public init(value: Double, unit: WeightUnit) {
        self.value = value
        self.unit = unit
    }

    /// Decodes a weight from January's JSON.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.value = try container.decode(Double.self, forKey: Keys.value)
        self.unit = try container.decode(WeightUnit.self, forKey: Keys.unit)
    }

    /// Encodes a weight as January writes it.
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

    /// Checks the weight against a range per unit, such as 2–1500 lb / 1–700 kg for a glucose profile; an
    /// unknown unit is refused because its range is unknown.
    func validate(field: String, pounds: ClosedRange<Double>, kilograms: ClosedRange<Double>) throws {
        try validate(field: field, ranges: [.pounds: pounds, .kilograms: kilograms], units: "lb or kg")
    }
}

extension Weight: UnitMeasurement {}

/// The unit of a ``Weight``: pounds (`lb`) or kilograms (`kg`).
public typealias WeightUnit = JanuaryVocabulary<JanuaryVocabularies.WeightUnit>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/WeightUnit``, which keeps its values apart from other vocabularies'.
    public enum WeightUnit {}
}

extension WeightUnit {
    /// Pounds, `lb`.
    public static var pounds: WeightUnit { WeightUnit(rawValue: "lb") }
    /// Kilograms, `kg`.
    public static var kilograms: WeightUnit { WeightUnit(rawValue: "kg") }
}
