/// A total volume of water, such as a day's total in the unit a list asked for.
public struct Volume: Hashable, Sendable, Codable {
    /// The volume, in ``unit``; January rounds totals to one decimal place.
    public var value: Double

    /// The unit of ``value``.
    public var unit: VolumeUnit

    /// Creates a volume.
    ///
    /// - Parameters:
    ///   - value: The volume, in `unit`.
    ///   - unit: The unit of `value`.
    public init(value: Double, unit: VolumeUnit) {
        self.value = value
        self.unit = unit
    }

    /// Decodes a volume from January's JSON.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.value = try container.decode(Double.self, forKey: Keys.value)
        self.unit = try container.decode(VolumeUnit.self, forKey: Keys.unit)
    }

    /// Encodes a volume as January writes it.
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
}

/// The unit of a volume of water: fluid ounces, milliliters or cups.
///
/// An extensible set of values: a unit January adds later decodes as a value this SDK version has no name for.
public typealias VolumeUnit = JanuaryVocabulary<JanuaryVocabularies.VolumeUnit>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/VolumeUnit``, which keeps its values apart from other vocabularies'.
    public enum VolumeUnit {}
}

extension VolumeUnit {
    /// US fluid ounces, `fl_oz`: about 29.57 ml.
    public static var fluidOunces: VolumeUnit { VolumeUnit(rawValue: "fl_oz") }

    /// Milliliters, `ml`.
    public static var milliliters: VolumeUnit { VolumeUnit(rawValue: "ml") }

    /// US cups, `cup`: 8 fluid ounces, about 236.6 ml.
    public static var cups: VolumeUnit { VolumeUnit(rawValue: "cup") }
}
