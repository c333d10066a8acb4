import Foundation

/// A value from one of January's closed vocabularies, such as a nutrient unit or a food type, that still
/// accepts values January adds later.
///
/// January's contract lists the values each field may take today, but a later server release may add one.
/// Modelling a vocabulary as an exhaustive enum would make such a response fail to decode, so every
/// vocabulary in the SDK is a small struct around its wire string, with a `static let` for each known value:
///
/// ```swift
/// switch amount.unit {
/// case .grams: label = "g"
/// case .kilocalories: label = "kcal"
/// default: label = amount.unit.rawValue  // a unit this SDK version does not know yet
/// }
/// ```
///
/// A conforming type encodes and decodes as a single JSON string, compares by its exact wire string, and can be
/// written as a string literal (`let unit: NutrientUnit = "mg"`).
public protocol JanuaryVocabulary: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
where RawValue == String, StringLiteralType == String {
    /// Creates a value from its wire string, known to this SDK version or not.
    ///
    /// - Parameter rawValue: The string January sends for the value.
    init(rawValue: String)
}

extension JanuaryVocabulary {
    /// Creates a value from its wire string written as a literal.
    ///
    /// - Parameter value: The string January sends for the value.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// The wire string.
    public var description: String {
        rawValue
    }
}
