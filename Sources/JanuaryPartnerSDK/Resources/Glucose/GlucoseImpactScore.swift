import Foundation

/// January's grade of how strongly a meal raises blood glucose: low, medium or high.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public struct GlucoseImpactScore: JanuaryVocabulary {
    /// The value as January writes it.
    public let rawValue: String

    /// Creates a value from its wire string.
    ///
    /// - Parameter rawValue: The value as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A small rise.
    public static let low = GlucoseImpactScore(rawValue: "low")
    /// A moderate rise.
    public static let medium = GlucoseImpactScore(rawValue: "medium")
    /// A large rise.
    public static let high = GlucoseImpactScore(rawValue: "high")
}
