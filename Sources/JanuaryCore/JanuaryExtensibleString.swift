/// A value from an open set of strings: January's vocabularies and identifiers, error codes, event kinds and
/// HTTP methods.
///
/// Each such set is a small struct around its string, with a `static let` for each value the SDK knows, rather than
/// an exhaustive enum, so that a value a later release of January or of the SDK adds still decodes, compares and
/// prints. Conforming types get literal syntax and their string as ``description``:
///
/// ```swift
/// let unit: NutrientUnit = "mg"  // a literal
/// let label: String
/// switch unit {
/// case .grams: label = "grams"
/// case .milligrams: label = "milligrams"
/// default: label = unit.description  // a unit this SDK version does not know yet
/// }
/// print(label)  // "milligrams"
/// ```
///
/// Switch over such a value with a `default` branch: the set can grow in any release.
public protocol JanuaryExtensibleString: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
where RawValue == String, StringLiteralType == String {
    /// Creates a value from its string, known to this SDK version or not.
    ///
    /// - Parameter rawValue: The value's string.
    init(rawValue: String)
}

extension JanuaryExtensibleString {
    /// Creates a value from its string written as a literal.
    ///
    /// - Parameter value: The value's string.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// The value's string.
    public var description: String {
        rawValue
    }
}
