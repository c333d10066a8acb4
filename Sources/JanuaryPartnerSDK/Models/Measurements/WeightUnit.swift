import Foundation

/// The unit of a ``Weight``: pounds (`lb`) or kilograms (`kg`).
public struct WeightUnit: JanuaryVocabulary {
    /// The unit as January writes it, such as `kg`.
    public let rawValue: String

    /// Creates a unit from its wire string.
    ///
    /// - Parameter rawValue: The unit as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Pounds, `lb`.
    public static let pounds = WeightUnit(rawValue: "lb")
    /// Kilograms, `kg`.
    public static let kilograms = WeightUnit(rawValue: "kg")
}
