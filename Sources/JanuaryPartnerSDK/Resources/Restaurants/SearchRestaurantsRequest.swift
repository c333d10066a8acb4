import Foundation

/// A search by name near a location: for restaurants, or, spelled ``SearchRestaurantMenuItemsRequest``, for the
/// dishes on their menus.
///
/// January takes the same parameters and rules for both searches, so they are one type; the method you call
/// decides what is searched. Results are ranked by distance from the location. Ask the user before using their
/// location.
///
/// ```swift
/// let nearby = try await january.restaurants.search(
///     SearchRestaurantsRequest(query: "sweetgreen", latitude: 37.7749, longitude: -122.4194)
/// )
/// let dishes = try await january.restaurants.searchMenuItems(
///     SearchRestaurantMenuItemsRequest(query: "burrito bowl", latitude: 40.7128, longitude: -74.006)
/// )
/// ```
public struct SearchRestaurantsRequest: Sendable, Hashable {
    /// The default search radius, 8 km.
    public static let defaultRadiusMeters = 8_000.0

    /// What to look for, such as a restaurant, chain or dish name: 1 to 256 characters, not blank.
    public var query: String

    /// The latitude to search around, in degrees: −90 to 90.
    public var latitude: Double

    /// The longitude to search around, in degrees: −180 to 180.
    public var longitude: Double

    /// How far to look, in metres: 1 to 50 000 (January rounds fractions). Defaults to 8 000.
    public var radiusMeters: Double

    /// How many results: 1 to 100. Defaults to 10.
    public var limit: Int

    /// Creates a search.
    ///
    /// - Parameters:
    ///   - query: What to look for, such as a restaurant, chain or dish name: 1 to 256 characters.
    ///   - latitude: The latitude to search around: −90 to 90.
    ///   - longitude: The longitude to search around: −180 to 180.
    ///   - radiusMeters: How far to look, in metres: 1 to 50 000.
    ///   - limit: How many results: 1 to 100.
    public init(
        query: String,
        latitude: Double,
        longitude: Double,
        radiusMeters: Double = defaultRadiusMeters,
        limit: Int = 10
    ) {
        self.query = query
        self.latitude = latitude
        self.longitude = longitude
        self.radiusMeters = radiusMeters
        self.limit = limit
    }

    /// Checks January's rules, so that a mistake costs no request.
    ///
    /// - Throws: `JanuaryError` of category `invalidInput` naming the field that breaks a rule.
    public func validate() throws {
        try validate(as: "SearchRestaurantsRequest")
    }

    /// Checks January's rules, naming the fields after `typeName`: the menu-item search spells this type
    /// ``SearchRestaurantMenuItemsRequest``, and its errors say so.
    func validate(as typeName: String) throws {
        try Validation.text(query, field: "\(typeName).query", length: 1...256)
        try Validation.number(latitude, field: "\(typeName).latitude", in: -90...90)
        try Validation.number(longitude, field: "\(typeName).longitude", in: -180...180)
        try Validation.number(radiusMeters, field: "\(typeName).radiusMeters", in: 1...50_000)
        try Validation.integer(limit, field: "\(typeName).limit", in: 1...100)
    }

    /// The request for one of the two searches.
    ///
    /// - Parameters:
    ///   - operation: ``JanuaryOperation/searchRestaurants`` or ``JanuaryOperation/searchRestaurantMenuItems``.
    ///   - typeName: The name the caller spelled this type with, for the errors.
    /// - Returns: The operation's request with the search's query items.
    /// - Throws: What ``validate()`` throws.
    func makeRequest(for operation: JanuaryOperation, typeName: String) throws -> JanuaryRequest {
        try validate(as: typeName)
        return try operation.request(
            query: [
                URLQueryItem(name: "query", value: query),
                URLQueryItem("latitude", number: latitude),
                URLQueryItem("longitude", number: longitude),
                URLQueryItem("radius_meters", number: radiusMeters),
                URLQueryItem("limit", number: limit),
            ]
        )
    }
}

/// A search for dishes at restaurants near a location: the same parameters and rules as a restaurant search,
/// sent to January's menu-item search by ``JanuaryPartnerClient/Restaurants/searchMenuItems(_:)``.
public typealias SearchRestaurantMenuItemsRequest = SearchRestaurantsRequest

/// Restaurants matching a search, nearest first.
public struct SearchRestaurantsResponse: Sendable, Hashable, Codable {
    /// The restaurants; empty when none matched, which is not an error.
    public var items: [Restaurant]

    /// Creates a response.
    ///
    /// - Parameter items: The results.
    public init(items: [Restaurant]) {
        self.items = items
    }

    /// Encodes the results as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(items, forKey: Keys.items)
    }

    private enum Keys {
        static var items: WireKey { WireKey("items") }
    }

    /// Decodes the response; a missing `items` decodes as empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a result is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.items = try container.decodeList([Restaurant].self, forKey: Keys.items)
    }
}

/// Dishes matching a search at restaurants near a location, nearest first.
public struct SearchRestaurantMenuItemsResponse: Sendable, Hashable, Codable {
    /// The dishes; empty when none matched, which is not an error.
    public var items: [RestaurantMenuSearchItem]

    /// Creates a response.
    ///
    /// - Parameter items: The results.
    public init(items: [RestaurantMenuSearchItem]) {
        self.items = items
    }

    /// Encodes the results as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(items, forKey: Keys.items)
    }

    private enum Keys {
        static var items: WireKey { WireKey("items") }
    }

    /// Decodes the response; a missing `items` decodes as empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a result is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.items = try container.decodeList([RestaurantMenuSearchItem].self, forKey: Keys.items)
    }
}

extension SearchRestaurantsResponse {
    /// Hashes the restaurants' ids alone: equal responses have equal ids.
    ///
    /// Hashing every nested value as well compiled a copy of the standard library's array hashing for each nested
    /// type into the app (Docs/Benchmarks.md, "Size in an app"); values that compare equal still hash equally.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        for item in items {
            hasher.combine(item.id)
        }
    }
}

extension SearchRestaurantMenuItemsResponse {
    /// Hashes the items' ids alone: equal responses have equal ids.
    ///
    /// Hashing every nested value as well compiled a copy of the standard library's array hashing for each nested
    /// type into the app (Docs/Benchmarks.md, "Size in an app"); values that compare equal still hash equally.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        for item in items {
            hasher.combine(item.id)
        }
    }
}
