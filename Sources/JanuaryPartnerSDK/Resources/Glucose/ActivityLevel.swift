import Foundation

/// How active the person is, for a ``GlucosePredictionProfile``.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public struct ActivityLevel: JanuaryVocabulary {
    /// The value as January writes it.
    public let rawValue: String

    /// Creates a value from its wire string.
    ///
    /// - Parameter rawValue: The value as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Little or no exercise.
    public static let sedentary = ActivityLevel(rawValue: "sedentary")
    /// Light exercise.
    public static let lightlyActive = ActivityLevel(rawValue: "lightly_active")
    /// Moderate exercise.
    public static let moderatelyActive = ActivityLevel(rawValue: "moderately_active")
    /// Hard exercise.
    public static let veryActive = ActivityLevel(rawValue: "very_active")
}
