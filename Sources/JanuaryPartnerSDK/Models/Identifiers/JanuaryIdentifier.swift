import Foundation
import JanuaryCore

/// What every identifier January sends has in common: an opaque string on the wire, read from a JSON string
/// or integer (some responses carry numeric ids as numbers), always written back as a string.
///
/// `FoodID`, `ServingID`, `RestaurantID`, `FoodLogID` and `WaterLogID` conform; each is its own type so that
/// the compiler keeps a food id from being passed where a serving id belongs. Treat identifiers as opaque:
/// compare, store and send them back, but do not compute with them.
///
/// An identifier is a ``/JanuaryCore/JanuaryExtensibleString`` (a string literal makes one, and its string is its
/// description); what it adds is its JSON form.
public protocol JanuaryIdentifier: JanuaryExtensibleString, Codable {}

extension JanuaryIdentifier {
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
