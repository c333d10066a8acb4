import Foundation

/// The sex a glucose prediction is modelled for.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public struct Sex: JanuaryVocabulary {
    /// The value as January writes it.
    public let rawValue: String

    /// Creates a value from its wire string.
    ///
    /// - Parameter rawValue: The value as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Male.
    public static let male = Sex(rawValue: "male")
    /// Female.
    public static let female = Sex(rawValue: "female")
}
