import Foundation

/// A search for dishes at restaurants near a location.
///
/// Results are ranked by distance from the location. Ask the user before using their location.
///
/// ```swift
/// let dishes = try await january.restaurants.searchMenuItems(
///     SearchRestaurantMenuItemsRequest(query: "burrito bowl", latitude: 40.7128, longitude: -74.006)
/// )
/// ```
public struct SearchRestaurantMenuItemsRequest: Sendable, Hashable {
    /// The default search radius, 8 km.
    public static let defaultRadiusMeters = 8_000.0

    /// What to look for: a dish or a restaurant name: 1 to 256 characters, not blank.
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
    ///   - query: What to look for: a dish or a restaurant name: 1 to 256 characters.
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
        try NearbySearch.validate(
            query: query,
            latitude: latitude,
            longitude: longitude,
            radiusMeters: radiusMeters,
            limit: limit,
            in: "SearchRestaurantMenuItemsRequest"
        )
    }

    func makeRequest() throws -> JanuaryRequest {
        try validate()
        return JanuaryRequest(
            method: .get,
            path: "/v1.2/menu-items",
            queryItems: NearbySearch.queryItems(
                query: query,
                latitude: latitude,
                longitude: longitude,
                radiusMeters: radiusMeters,
                limit: limit
            )
        )
    }
}
