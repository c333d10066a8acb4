import Foundation

/// A request for one page of a restaurant's menu, ordered by name.
///
/// ```swift
/// var request: GetRestaurantMenuItemsRequest? = GetRestaurantMenuItemsRequest(restaurantID: restaurant.id)
/// while let page = request {
///     let response = try await january.restaurants.menuItems(page)
///     show(response.items)
///     request = page.nextPage(after: response)  // nil after a page shorter than the limit
/// }
/// ```
public struct GetRestaurantMenuItemsRequest: Sendable, Hashable {
    /// The restaurant, from a restaurant search.
    public var restaurantID: RestaurantID

    /// How many dishes per page: 1 to 500. Defaults to 100.
    public var limit: Int

    /// How many dishes to skip: 0 or more. Defaults to 0.
    public var offset: Int

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - restaurantID: The restaurant.
    ///   - limit: How many dishes per page: 1 to 500.
    ///   - offset: How many dishes to skip.
    public init(restaurantID: RestaurantID, limit: Int = 100, offset: Int = 0) {
        self.restaurantID = restaurantID
        self.limit = limit
        self.offset = offset
    }

    /// The request for the page after `page`, or `nil` when `page` was shorter than ``limit`` and so the last.
    ///
    /// - Parameter page: The page this request returned.
    /// - Returns: The next page's request, or `nil`.
    public func nextPage(after page: GetRestaurantMenuItemsResponse) -> GetRestaurantMenuItemsRequest? {
        nextPage(afterCount: page.items.count)
    }

    /// Checks January's rules, so that a mistake costs no request.
    ///
    /// - Throws: `JanuaryError` of category `invalidInput` naming the field that breaks a rule.
    public func validate() throws {
        try restaurantID.validate(field: "GetRestaurantMenuItemsRequest.restaurantID")
        try Validation.integer(limit, field: "GetRestaurantMenuItemsRequest.limit", in: 1...500)
        try Validation.integer(offset, field: "GetRestaurantMenuItemsRequest.offset", atLeast: 0)
    }

    func makeRequest() throws -> JanuaryRequest {
        try validate()
        return try JanuaryOperation.getRestaurantMenuItems.request(
            restaurantID.rawValue,
            query: [URLQueryItem("limit", number: limit), URLQueryItem("offset", number: offset)]
        )
    }
}

extension GetRestaurantMenuItemsRequest: OffsetPaged {}

/// One page of a restaurant's menu, ordered by name.
public struct GetRestaurantMenuItemsResponse: Sendable, Hashable, Codable {
    /// The dishes; empty when the restaurant has no menu or the offset is past its end. A page shorter than
    /// the request's limit is the last.
    public var items: [RestaurantMenuItem]

    /// Creates a response.
    ///
    /// - Parameter items: The results.
    public init(items: [RestaurantMenuItem]) {
        self.items = items
    }

    /// Encodes the menu as January writes it.
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
        self.items = try container.decodeList([RestaurantMenuItem].self, forKey: Keys.items)
    }
}

extension GetRestaurantMenuItemsResponse {
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
