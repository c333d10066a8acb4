import Foundation
import JanuaryCore

/// What every identifier January sends has in common: an opaque string on the wire, read from a JSON string
/// or integer (some responses carry numeric ids as numbers), always written back as a string.
///
/// `FoodID`, `ServingID`, `RestaurantID`, `FoodLogID` and `WaterLogID` conform; each is its own type so that
/// the compiler keeps a food id from being passed where a serving id belongs. Treat identifiers as opaque:
/// compare, store and send them back, but do not compute with them.
public protocol JanuaryIdentifier: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
where RawValue == String, StringLiteralType == String {
    /// Creates an identifier from its string form, unchanged.
    ///
    /// The initializer never fails, so that any value January sends can be carried; operations that send the
    /// identifier check it first and refuse a malformed one before anything is sent.
    ///
    /// - Parameter rawValue: The identifier.
    init(rawValue: String)
}

extension JanuaryIdentifier {
    /// Creates an identifier from a string literal.
    ///
    /// - Parameter value: The identifier.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// Decodes an identifier from a JSON string or integer.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the value is neither a string nor an integer.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try IdentifierCoding.decodeString(from: decoder))
    }

    /// Encodes the identifier as a JSON string.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        try IdentifierCoding.encode(rawValue, to: encoder)
    }

    /// The identifier's string form.
    public var description: String {
        rawValue
    }
}

/// An identifier whose form January checks, so that the SDK refuses a malformed one before sending it.
protocol CheckedIdentifier: JanuaryIdentifier {
    /// Whether the identifier has the form January accepts.
    var isWellFormed: Bool { get }

    /// The form, in words, for the refusal's message: "a UUID".
    static var expectedForm: String { get }
}

extension CheckedIdentifier {
    /// Refuses an identifier that January would reject, naming the field it came from but not its value.
    func validate(field: String) throws {
        guard isWellFormed else {
            throw JanuaryError.invalidInput("\(field) must be \(Self.expectedForm).")
        }
    }
}
