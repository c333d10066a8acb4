import Foundation

/// A body height, such as 70 in or 178 cm, for a glucose prediction profile.
///
/// ```swift
/// let height = Height(value: 178, unit: .centimeters)
/// ```
public struct Height: Sendable, Hashable, Codable {
    /// The height, in ``unit``.
    public var value: Double

    /// The unit of ``value``.
    public var unit: HeightUnit

    /// Creates a height.
    ///
    /// - Parameters:
    ///   - value: The height.
    ///   - unit: Its unit.
    public init(value: Double, unit: HeightUnit) {
        self.value = value
        self.unit = unit
    }

    /// Decodes a height from January's JSON.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.value = try container.decode(Double.self, forKey: Keys.value)
        self.unit = try container.decode(HeightUnit.self, forKey: Keys.unit)
    }

    /// Encodes a height as January writes it.
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

    /// Checks January's ranges: 20–108 in or 50–275 cm; an unknown unit is refused because its range is unknown.
    func validate(field: String) throws {
        try validate(field: field, ranges: [.inches: 20...108, .centimeters: 50...275], units: "in or cm")
    }
}

extension Height: UnitMeasurement {}

/// The unit of a ``Height``: inches (`in`) or centimetres (`cm`).
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public typealias HeightUnit = JanuaryVocabulary<JanuaryVocabularies.HeightUnit>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/HeightUnit``, which keeps its values apart from other vocabularies'.
    public enum HeightUnit {}
}

extension HeightUnit {
    /// Inches, `in`.
    public static var inches: HeightUnit { HeightUnit(rawValue: "in") }
    /// Centimetres, `cm`.
    public static var centimeters: HeightUnit { HeightUnit(rawValue: "cm") }
}
