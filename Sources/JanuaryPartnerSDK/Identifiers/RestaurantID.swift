import Foundation
import JanuaryCore

/// January's identifier of a restaurant, as returned by a restaurant search.
///
/// A restaurant id is 1 to 64 ASCII letters, digits, `_` or `-` (`^[A-Za-z0-9_-]{1,64}$`), often a UUID such
/// as `53fc3b8a-e6bf-404d-83c8-9f42124d1bee`.
///
/// On the wire the identifier is always a string; the SDK also reads it from a JSON integer and always writes
/// it back as a string. Treat it as opaque: compare it, store it, send it back, but do not compute with it.
///
/// ```swift
/// let menu = try await january.restaurants.menuItems(GetRestaurantMenuItemsRequest(restaurantID: restaurant.id))
/// ```
public struct RestaurantID: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
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

    /// Whether the identifier matches January's pattern (1 to 64 ASCII letters, digits, \"_\" or \"-\").
    var isWellFormed: Bool {
        (1...64).contains(rawValue.utf8.count)
            && rawValue.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "-")
            }
    }

    /// Refuses an identifier that January would reject, naming the field it came from but not its value.
    func validate(field: String) throws {
        guard isWellFormed else {
            throw JanuaryError.invalidInput("\(field) must be 1 to 64 ASCII letters, digits, \"_\" or \"-\".")
        }
    }
}
