import Foundation
import JanuaryCore

/// A restaurant near a location, from ``JanuaryPartnerClient/Restaurants/search(_:)``.
///
/// List its menu with ``JanuaryPartnerClient/Restaurants/menuItems(_:)`` and this restaurant's ``id``.
public struct Restaurant: Sendable, Hashable, Codable, Identifiable {
    /// Always `.restaurant` today.
    public var type: RestaurantResultType?

    /// The restaurant's id, for its menu.
    public var id: RestaurantID

    /// The restaurant's name.
    public var name: String?

    /// Whether the restaurant belongs to a chain.
    public var isChain: Bool?

    /// How far the restaurant is from the searched location, in metres; `nil` when January cannot place it.
    public var distanceMeters: Double?

    /// The city.
    public var city: String?

    /// The first line of the street address.
    public var address1: String?

    /// The second line of the street address.
    public var address2: String?

    /// Creates a restaurant, for previews and tests.
    ///
    /// - Parameters:
    ///   - type: The result type.
    ///   - id: The restaurant's id.
    ///   - name: The name.
    ///   - isChain: Whether it belongs to a chain.
    ///   - distanceMeters: The distance from the searched location, in metres.
    ///   - city: The city.
    ///   - address1: The first address line.
    ///   - address2: The second address line.
    public init(
        type: RestaurantResultType? = .restaurant,
        id: RestaurantID,
        name: String? = nil,
        isChain: Bool? = nil,
        distanceMeters: Double? = nil,
        city: String? = nil,
        address1: String? = nil,
        address2: String? = nil
    ) {
        self.type = type
        self.id = id
        self.name = name
        self.isChain = isChain
        self.distanceMeters = distanceMeters
        self.city = city
        self.address1 = address1
        self.address2 = address2
    }

    /// Decodes a restaurant from January's JSON; every field but `id` may be missing or `null`, and reads as `nil`.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the `id` is missing or a field is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.type = try container.decodeIfPresent(RestaurantResultType.self, forKey: Keys.type)
        self.id = try container.decode(RestaurantID.self, forKey: Keys.id)
        self.name = try container.decodeIfPresent(String.self, forKey: Keys.name)
        self.isChain = try container.decodeIfPresent(Bool.self, forKey: Keys.isChain)
        self.distanceMeters = try container.decodeIfPresent(Double.self, forKey: Keys.distanceMeters)
        self.city = try container.decodeIfPresent(String.self, forKey: Keys.city)
        self.address1 = try container.decodeIfPresent(String.self, forKey: Keys.address1)
        self.address2 = try container.decodeIfPresent(String.self, forKey: Keys.address2)
    }

    private enum Keys {
        static var type: WireKey { WireKey("type") }
        static var id: WireKey { WireKey("id") }
        static var name: WireKey { WireKey("name") }
        static var isChain: WireKey { WireKey("is_chain") }
        static var distanceMeters: WireKey { WireKey("distance_meters") }
        static var city: WireKey { WireKey("city") }
        static var address1: WireKey { WireKey("address1") }
        static var address2: WireKey { WireKey("address2") }
    }

    /// Encodes the restaurant with January's keys, `null` for missing values.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encodeNullable(type, forKey: Keys.type)
        try container.encode(id, forKey: Keys.id)
        try container.encodeNullable(name, forKey: Keys.name)
        try container.encodeNullable(isChain, forKey: Keys.isChain)
        try container.encodeNullable(distanceMeters, forKey: Keys.distanceMeters)
        try container.encodeNullable(city, forKey: Keys.city)
        try container.encodeNullable(address1, forKey: Keys.address1)
        try container.encodeNullable(address2, forKey: Keys.address2)
    }
}

/// What a restaurant search result is: a restaurant or a menu item.
///
/// ``Restaurant/type`` is always `.restaurant` and ``RestaurantMenuSearchItem/type`` always `.menuItem` today.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public typealias RestaurantResultType = JanuaryVocabulary<JanuaryVocabularies.RestaurantResultType>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/RestaurantResultType``, which keeps its values apart from other vocabularies'.
    public enum RestaurantResultType {}
}

extension RestaurantResultType {
    /// A restaurant.
    public static var restaurant: RestaurantResultType { RestaurantResultType(rawValue: "restaurant") }
    /// A menu item.
    public static var menuItem: RestaurantResultType { RestaurantResultType(rawValue: "menu_item") }
}

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
public typealias RestaurantID = JanuaryIdentifier<Restaurant>

extension Restaurant: IdentifierOwner {
    static var identifierForm: IdentifierForm { .slug }
}
