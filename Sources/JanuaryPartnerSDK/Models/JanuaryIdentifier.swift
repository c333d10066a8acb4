import Foundation
import JanuaryCore

/// An identifier January sends: an opaque string on the wire, read from a JSON string or integer (some
/// responses carry numeric ids as numbers), always written back as a string.
///
/// Each kind of identifier has its own name for this struct with the type it identifies: ``FoodID`` is
/// `JanuaryIdentifier<Food>`, and ``ServingID``, ``RestaurantID``, ``FoodLogID`` and ``WaterLogID`` follow, so
/// that the compiler keeps a food id from being passed where a serving id belongs. Treat identifiers as opaque:
/// compare, store and send them back, but do not compute with them.
///
/// An identifier is a ``/JanuaryCore/JanuaryExtensibleString`` (a string literal makes one, and its string is its
/// description). One generic struct rather than a struct per kind, because each conformance a struct declares is
/// compiled into the app once per struct.
///
/// ```swift
/// let id: FoodID = "1234567"
/// ```
public struct JanuaryIdentifier<Owner>: JanuaryExtensibleString, Codable {
    /// The identifier exactly as January sent it.
    public let rawValue: String

    /// Creates an identifier from its string form, unchanged.
    ///
    /// The initializer never fails, so that any value January sends can be carried; operations that send the
    /// identifier check it first and refuse a malformed one before anything is sent.
    ///
    /// - Parameter rawValue: The identifier.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Decodes an identifier from a JSON string or integer.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the value is neither a string nor an integer.
    public init(from decoder: any Decoder) throws {
        // Always sent as a string, but some responses and older contracts carry numeric ids as JSON numbers.
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self.init(rawValue: text)
        } else if let number = try? container.decode(Int64.self) {
            self.init(rawValue: String(number))
        } else if let number = try? container.decode(UInt64.self) {
            self.init(rawValue: String(number))
        } else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected an identifier as a string or an integer."
            )
        }
    }

    /// Encodes the identifier as a JSON string.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A type January identifies with a ``JanuaryIdentifier`` whose form it checks, so that the SDK refuses a
/// malformed identifier before sending it.
protocol IdentifierOwner {
    /// The form January accepts for this kind of identifier.
    static var identifierForm: IdentifierForm { get }
}

extension JanuaryIdentifier where Owner: IdentifierOwner {
    /// Whether the identifier has the form January accepts.
    var isWellFormed: Bool {
        Owner.identifierForm.accepts(rawValue)
    }

    /// Refuses an identifier that January would reject, naming the field it came from but not its value.
    func validate(field: String) throws {
        guard isWellFormed else {
            throw JanuaryError.invalidInput("\(field) must be \(Owner.identifierForm).")
        }
    }
}

/// The forms January's identifiers take; several kinds of identifier share each.
enum IdentifierForm: Sendable, CustomStringConvertible {
    /// A catalogue id: `^[1-9][0-9]{0,9}$`, ASCII digits only (foods, menu items, servings).
    case numeric
    /// A UUID (food and water logs).
    case uuid
    /// 1 to 64 ASCII letters, digits, `_` or `-` (restaurants).
    case slug

    /// Whether `value` has this form.
    func accepts(_ value: String) -> Bool {
        switch self {
        case .numeric:
            let bytes = Array(value.utf8)
            guard (1...10).contains(bytes.count), let first = bytes.first,
                (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(first)
            else {
                return false
            }
            return bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        case .uuid:
            return UUID(uuidString: value) != nil
        case .slug:
            return (1...64).contains(value.utf8.count)
                && value.utf8.allSatisfy { byte in
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                        || byte == UInt8(ascii: "-")
                }
        }
    }

    /// The form in words, for a refusal's message: "a UUID".
    var description: String {
        switch self {
        case .numeric: "a numeric id of 1 to 10 digits without a leading zero"
        case .uuid: "a UUID"
        case .slug: "1 to 64 ASCII letters, digits, \"_\" or \"-\""
        }
    }
}
