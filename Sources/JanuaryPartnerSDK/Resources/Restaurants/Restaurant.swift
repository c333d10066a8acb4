import Foundation
import JanuaryCore

/// A restaurant near a location, from ``JanuaryPartnerClient/Restaurants/search(_:)``.
///
/// List its menu with ``JanuaryPartnerClient/Restaurants/menuItems(_:)`` and this restaurant's ``id``.
public struct Restaurant: Sendable, Hashable, Codable, Identifiable {
    /// Always ``RestaurantResultType/restaurant`` today.
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

    // Decoding is synthesized: every property but `id` is optional, so a missing or `null` key reads as `nil`.
    enum CodingKeys: String, CodingKey {
        case type
        case id
        case name
        case isChain = "is_chain"
        case distanceMeters = "distance_meters"
        case city
        case address1
        case address2
    }

    /// Encodes the restaurant with January's keys, `null` for missing values.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNullable(type, forKey: .type)
        try container.encode(id, forKey: .id)
        try container.encodeNullable(name, forKey: .name)
        try container.encodeNullable(isChain, forKey: .isChain)
        try container.encodeNullable(distanceMeters, forKey: .distanceMeters)
        try container.encodeNullable(city, forKey: .city)
        try container.encodeNullable(address1, forKey: .address1)
        try container.encodeNullable(address2, forKey: .address2)
    }
}

/// What a restaurant search result is: a restaurant or a menu item.
///
/// ``Restaurant/type`` is always ``restaurant`` and ``RestaurantMenuSearchItem/type`` always ``menuItem`` today.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public struct RestaurantResultType: JanuaryVocabulary {
    /// The value as January writes it.
    public let rawValue: String

    /// Creates a value from its wire string.
    ///
    /// - Parameter rawValue: The value as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A restaurant.
    public static let restaurant = RestaurantResultType(rawValue: "restaurant")
    /// A menu item.
    public static let menuItem = RestaurantResultType(rawValue: "menu_item")
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
public struct RestaurantID: CheckedIdentifier {
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

    static let form = IdentifierForm.slug
}
