import Foundation

/// A value from one of the SDK's open sets of strings, such as a nutrient unit, a food type or an error code,
/// that still accepts values added later.
///
/// January's contract lists the values each field may take today, but a later server release may add one.
/// Modelling such a set as an exhaustive enum would make a response with a new value fail to decode, so every
/// vocabulary in the SDK, January's and the SDK's own (error codes, recovery kinds, event kinds, the outbox's
/// states), is this small struct around its string, with a static property for each known value:
///
/// ```swift
/// func label(for error: JanuaryError) -> String {
///     switch error.code {
///     case .creditLimitExceeded: "Your plan's analyses are used up this month."
///     case .notFound: "Not in the catalogue."
///     default: error.code?.rawValue ?? "unknown"  // a code this SDK version does not know yet
///     }
/// }
/// ```
///
/// Each vocabulary has its own name, such as `NutrientUnit` or ``JanuaryError/Code``, for this struct with its
/// own tag from ``JanuaryVocabularies``, so the compiler keeps a food type from being passed where a unit
/// belongs. It is a ``JanuaryExtensibleString``, like the SDK's other open sets of strings: it compares by its
/// exact string and can be written as a string literal (`let unit: NutrientUnit = "mg"`). Its JSON form is a
/// single string. Switch over a value with a `default` branch: the set can grow in any release.
///
/// One generic struct rather than a struct per vocabulary, because each conformance a struct declares is
/// compiled into the app once per struct; Docs/Benchmarks.md ("Size in an app") records what this saves.
public struct JanuaryVocabulary<Tag>: JanuaryExtensibleString, Codable {
    /// The value's string, such as `mg` or `token_expired`.
    public let rawValue: String

    /// Creates a value from its string, known to this SDK version or not.
    ///
    /// - Parameter rawValue: The value's string.
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

/// The kinds that tell the vocabularies apart: `JanuaryVocabulary<JanuaryVocabularies.ErrorCode>` is
/// ``JanuaryError/Code``, and `JanuaryVocabulary<JanuaryVocabularies.WeekStart>` is `WeekStart`.
///
/// Use the vocabularies by their own names; these caseless enums only give each one its own type. Each module
/// adds the kinds of its own vocabularies.
public enum JanuaryVocabularies {}
