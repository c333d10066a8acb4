import Foundation

/// One food a food analysis recognised, with how sure it is.
public struct FoodDetection: Sendable, Hashable, Codable {
    /// How sure a photo analysis is of this food; `nil` for text analyses and corrected results.
    public var confidence: Confidence?

    /// The matched food and the portion eaten.
    public var food: DetectedFood

    /// Creates a detection, for previews and tests.
    ///
    /// - Parameters:
    ///   - confidence: How sure the analysis is.
    ///   - food: The matched food and portion.
    public init(confidence: Confidence? = nil, food: DetectedFood) {
        self.confidence = confidence
        self.food = food
    }

    enum CodingKeys: String, CodingKey {
        case confidence
        case food
        // Older contracts named the confidence `confidence_score`.
        case confidenceScore = "confidence_score"
    }

    /// Decodes a detection; the `food` is required.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the `food` is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.confidence =
            try container.decodeIfPresent(Confidence.self, forKey: .confidence)
            ?? container.decodeIfPresent(Confidence.self, forKey: .confidenceScore)
        self.food = try container.decode(DetectedFood.self, forKey: .food)
    }

    /// Encodes the detection, with an explicit `null` confidence as a correction requires.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNullable(confidence, forKey: .confidence)
        try container.encode(food, forKey: .food)
    }
}

/// How sure a photo analysis is of one detected food: high, medium or low.
///
/// Text analyses and corrected results carry no confidence (``FoodDetection/confidence`` is `nil`).
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public struct Confidence: JanuaryVocabulary {
    /// The value as January writes it.
    public let rawValue: String

    /// Creates a value from its wire string.
    ///
    /// - Parameter rawValue: The value as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The analysis is confident.
    public static let high = Confidence(rawValue: "high")
    /// The analysis is fairly confident.
    public static let medium = Confidence(rawValue: "medium")
    /// The analysis is unsure; consider asking the user to confirm.
    public static let low = Confidence(rawValue: "low")
}
