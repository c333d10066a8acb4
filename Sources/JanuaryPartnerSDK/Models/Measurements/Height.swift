import Foundation
import JanuaryCore

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
        switch unit {
        case .inches:
            try Validation.number(value, field: "\(field).value (in)", in: 20...108)
        case .centimeters:
            try Validation.number(value, field: "\(field).value (cm)", in: 50...275)
        default:
            throw JanuaryError.invalidInput("\(field).unit must be in or cm.")
        }
    }
}
