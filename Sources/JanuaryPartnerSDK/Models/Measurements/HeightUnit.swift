import Foundation

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
