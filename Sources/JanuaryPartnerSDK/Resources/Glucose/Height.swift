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

    enum CodingKeys: String, CodingKey {
        case value
        case unit
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
public struct HeightUnit: JanuaryVocabulary {
    /// The value as January writes it.
    public let rawValue: String

    /// Creates a value from its wire string.
    ///
    /// - Parameter rawValue: The value as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Inches, `in`.
    public static let inches = HeightUnit(rawValue: "in")
    /// Centimetres, `cm`.
    public static let centimeters = HeightUnit(rawValue: "cm")
}
