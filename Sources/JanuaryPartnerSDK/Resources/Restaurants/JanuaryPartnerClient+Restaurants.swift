import Foundation

extension JanuaryPartnerClient {
    /// Restaurants near a location, their menus, and dishes near a location.
    ///
    /// Needs the `restaurants:read` scope on a client token.
    public var restaurants: Restaurants {
        Restaurants(client: self)
    }

    /// Restaurants and their menus, reached through ``JanuaryPartnerClient/restaurants``.
    ///
    /// A cheap value holding the client: get it whenever you need it. Every method checks its input first and
    /// throws `JanuaryError` of category `invalidInput` without sending anything when a rule is broken.
    ///
    /// ```swift
    /// let nearby = try await january.restaurants.search(
    ///     SearchRestaurantsRequest(query: "chipotle", latitude: 40.7128, longitude: -74.006)
    /// )
    /// if let first = nearby.items.first {
    ///     let menu = try await january.restaurants.menuItems(GetRestaurantMenuItemsRequest(restaurantID: first.id))
    /// }
    /// ```
    public struct Restaurants: Sendable {
        let client: JanuaryPartnerClient

        /// Finds restaurants by name near a location.
        ///
        /// - Parameter request: The name, location, radius and limit.
        /// - Returns: The restaurants, nearest first; may be empty.
        /// - Throws: `JanuaryError`: `invalidInput` for a blank or over-long query, a latitude outside −90…90, a
        ///   longitude outside −180…180, a radius outside 1–50 000 m or a limit outside 1–100, before sending;
        ///   otherwise what January answers (`invalid_request`, `scope_insufficient`, `rate_limited`, …).
        public func search(_ request: SearchRestaurantsRequest) async throws -> SearchRestaurantsResponse {
            try await client.perform(
                request.makeRequest(for: .searchRestaurants, typeName: "SearchRestaurantsRequest"),
                returning: SearchRestaurantsResponse.self)
        }

        /// Lists one page of a restaurant's menu.
        ///
        /// - Parameter request: The restaurant and the page.
        /// - Returns: The dishes, ordered by name; a page shorter than the limit is the last.
        /// - Throws: `JanuaryError`: `invalidInput` for a malformed restaurant id, a limit outside 1–500 or a
        ///   negative offset, before sending; `notFound` (`not_found`) when January has no such restaurant;
        ///   otherwise what January answers.
        public func menuItems(_ request: GetRestaurantMenuItemsRequest) async throws -> GetRestaurantMenuItemsResponse {
            try await client.perform(request.makeRequest(), returning: GetRestaurantMenuItemsResponse.self)
        }

        /// Finds dishes by name at restaurants near a location.
        ///
        /// - Parameter request: The dish or restaurant name, location, radius and limit.
        /// - Returns: The dishes, nearest first; may be empty.
        /// - Throws: `JanuaryError`: `invalidInput` for the same rules as ``search(_:)``, before sending; otherwise
        ///   what January answers.
        public func searchMenuItems(
            _ request: SearchRestaurantMenuItemsRequest
        ) async throws -> SearchRestaurantMenuItemsResponse {
            try await client.perform(
                request.makeRequest(for: .searchRestaurantMenuItems, typeName: "SearchRestaurantMenuItemsRequest"),
                returning: SearchRestaurantMenuItemsResponse.self
            )
        }
    }
}
