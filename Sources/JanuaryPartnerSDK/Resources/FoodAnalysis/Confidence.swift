import Foundation

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
