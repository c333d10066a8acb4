import Foundation
import JanuaryCore

/// A value from one of January's closed vocabularies, such as a nutrient unit or a food type, that still
/// accepts values January adds later.
///
/// January's contract lists the values each field may take today, but a later server release may add one.
/// Modelling a vocabulary as an exhaustive enum would make such a response fail to decode, so every vocabulary
/// in the SDK is this small struct around its wire string, with a static property for each known value:
///
/// ```swift
/// let amount = food.nutrients.calories ?? NutrientAmount(value: 0, unit: .kilocalories)
/// let label: String
/// switch amount.unit {
/// case .grams: label = "g"
/// case .kilocalories: label = "Cal"
/// default: label = amount.unit.rawValue  // a unit this SDK version does not know yet
/// }
/// ```
///
/// Each vocabulary has its own name, such as ``NutrientUnit`` or ``FoodType``, for this struct with its own
/// `Kind` from ``JanuaryVocabularies``, so the compiler keeps a food type from being passed where a unit
/// belongs. It is a ``/JanuaryCore/JanuaryExtensibleString``, like the SDK's other open sets of strings: it
/// compares by its exact wire string and can be written as a string literal (`let unit: NutrientUnit = "mg"`).
/// Its JSON form is a single string.
///
/// One generic struct rather than a struct per vocabulary, because each conformance a struct declares is
/// compiled into the app once per struct; Docs/Benchmarks.md ("Size in an app") records what this saves.
public struct JanuaryVocabulary<Kind>: JanuaryExtensibleString, Codable {
    /// The value as January writes it, such as `mg`.
    public let rawValue: String

    /// Creates a value from its wire string, known to this SDK version or not.
    ///
    /// - Parameter rawValue: The value as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Decodes the value from a JSON string.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the value as a JSON string.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The kinds that tell January's vocabularies apart: `JanuaryVocabulary<JanuaryVocabularies.WeekStart>` is
/// ``WeekStart``.
///
/// Use the vocabularies by their own names; these caseless enums only give each one its own type.
public enum JanuaryVocabularies {}
