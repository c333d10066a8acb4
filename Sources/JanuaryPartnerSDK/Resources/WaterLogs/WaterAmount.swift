import Foundation

/// An amount of water a user drank, in the unit they gave it in.
///
/// ```swift
/// let glass = WaterAmount.milliliters(250)
/// let bottle = WaterAmount(value: 16.9, unit: .fluidOunces)
/// ```
///
/// One log may hold from 1 to 811.5 fl oz, 30 to 24 000 ml, or 0.1 to 101.4 cups: up to the 24 liters a user
/// may log in a day. ``JanuaryUserClient/WaterLogs/create(_:consumedAt:)`` refuses other amounts before sending anything.
public struct WaterAmount: Hashable, Sendable, Codable {
    /// The amount, in ``unit``.
    public var value: Double

    /// The unit of ``value``.
    public var unit: VolumeUnit

    /// Creates an amount.
    ///
    /// - Parameters:
    ///   - value: The amount, in `unit`.
    ///   - unit: The unit of `value`.
    public init(value: Double, unit: VolumeUnit) {
        self.value = value
        self.unit = unit
    }

    /// An amount in US fluid ounces.
    ///
    /// - Parameter value: The number of fluid ounces.
    /// - Returns: The amount.
    public static func fluidOunces(_ value: Double) -> WaterAmount {
        WaterAmount(value: value, unit: .fluidOunces)
    }

    /// An amount in milliliters.
    ///
    /// - Parameter value: The number of milliliters.
    /// - Returns: The amount.
    public static func milliliters(_ value: Double) -> WaterAmount {
        WaterAmount(value: value, unit: .milliliters)
    }

    /// An amount in US cups.
    ///
    /// - Parameter value: The number of cups.
    /// - Returns: The amount.
    public static func cups(_ value: Double) -> WaterAmount {
        WaterAmount(value: value, unit: .cups)
    }

    /// The amounts one water log may hold, by unit: up to January's daily cap of 24 liters.
    static let acceptedRanges: [VolumeUnit: ClosedRange<Double>] = [
        .fluidOunces: 1...811.5,
        .milliliters: 30...24_000,
        // 0.125 in the newest contract; one published revision (and January's iOS validation guide) accepts 0.1,
        // and the client is never stricter than January: January answers for values in between.
        .cups: 0.1...101.4,
    ]

    /// Refuses an amount January would refuse; a unit this SDK version does not know is refused because its
    /// range is unknown.
    func validate(field: String) throws {
        try validate(field: field, ranges: Self.acceptedRanges, units: "fl_oz, ml or cup")
    }

    /// Decodes an amount from January's JSON.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.value = try container.decode(Double.self, forKey: Keys.value)
        self.unit = try container.decode(VolumeUnit.self, forKey: Keys.unit)
    }

    /// Encodes an amount as January writes it.
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

extension WaterAmount: UnitMeasurement {}
