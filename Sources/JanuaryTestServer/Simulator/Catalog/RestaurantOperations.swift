import Foundation

/// The three restaurant operations (Docs/Contract.md, Operations), scope `restaurants:read`.
enum RestaurantOperations {
    static let all: [Operation] = [
        Operation("searchRestaurants", "GET", "/v1.2/restaurants", scope: .restaurantsRead) { context, books in
            try searchRestaurants(context, books.catalog)
        },
        Operation(
            "getRestaurantMenuItems",
            "GET",
            "/v1.2/restaurants/{restaurant_id}/menu-items",
            scope: .restaurantsRead
        ) { context, books in
            try menuItems(context, books.catalog)
        },
        Operation("searchRestaurantMenuItems", "GET", "/v1.2/menu-items", scope: .restaurantsRead) {
            context, books in
            try searchMenuItems(context, books.catalog)
        },
    ]

    /// Where and how far to look, and how many to return: the parameters both searches share.
    private struct Area {
        let query: String
        let latitude: Double
        let longitude: Double
        let radius: Double
        let limit: Int

        init(_ query: QueryParameters) throws {
            self.query = try query.requiredString("query", length: 1...256)
            latitude = try query.requiredNumber("latitude", in: -90...90)
            longitude = try query.requiredNumber("longitude", in: -180...180)
            radius = (try query.optionalNumber("radius_meters", in: 1...50_000) ?? 8000).rounded()
            limit = try query.integer("limit", in: 1...100, default: 10)
        }

        func distance(to restaurant: SimulatedRestaurant) -> Double {
            Geo.distanceMeters(latitude, longitude, restaurant.latitude, restaurant.longitude)
        }
    }

    private static func searchRestaurants(_ context: OperationContext, _ catalog: Catalog) throws -> APIResponse {
        let area = try Area(context.query)
        let found = catalog.allRestaurants.enumerated()
            .compactMap { index, restaurant -> (Int, SimulatedRestaurant, Double)? in
                let score = CatalogSearch.score(
                    query: area.query,
                    name: restaurant.name,
                    brand: restaurant.city,
                    aliases: restaurant.menuItems.compactMap(\.name)
                )
                let distance = area.distance(to: restaurant)
                return score > 0 && distance <= area.radius ? (index, restaurant, distance) : nil
            }
            .sorted { $0.2 != $1.2 ? $0.2 < $1.2 : $0.0 < $1.0 }
            .prefix(area.limit)
        let items: [JSONValue] = found.map { _, restaurant, distance in
            .object([
                "type": .string("restaurant"),
                "id": .string(restaurant.id),
                "name": .string(restaurant.name),
                "is_chain": .bool(restaurant.isChain),
                "distance_meters": .number(Geo.round1(distance)),
                "city": .string(restaurant.city),
                "address1": .string(restaurant.address1),
                "address2": .string(restaurant.address2),
            ])
        }
        return .json(.object(["items": .array(items)]))
    }

    private static func searchMenuItems(_ context: OperationContext, _ catalog: Catalog) throws -> APIResponse {
        let area = try Area(context.query)
        var found: [(item: SimulatedRestaurant.MenuItem, restaurant: SimulatedRestaurant, distance: Double)] = []
        for restaurant in catalog.allRestaurants {
            let distance = area.distance(to: restaurant)
            guard distance <= area.radius else { continue }
            let ranked = CatalogSearch.rank(restaurant.menuItems) {
                CatalogSearch.score(query: area.query, name: $0.name, brand: restaurant.name, aliases: [])
            }
            found += ranked.map { ($0, restaurant, distance) }
        }
        let ordered = found.enumerated()
            .sorted {
                $0.element.distance != $1.element.distance
                    ? $0.element.distance < $1.element.distance
                    : $0.offset < $1.offset
            }
            .prefix(area.limit)
        let items: [JSONValue] = ordered.map { entry in
            let (item, restaurant, distance) = entry.element
            return .object([
                "type": .string("menu_item"),
                "id": .string(item.id),
                "name": .string(item.name),
                "restaurant_name": .string(restaurant.name),
                "is_chain": .bool(restaurant.isChain),
                "nutrients": item.nutrients.wire,
                "glycemic_index": .number(item.glycemicIndex),
                "glycemic_load": .number(item.glycemicLoad),
                "image_url": .string(item.imageURL),
                "distance_meters": .number(Geo.round1(distance)),
                "servings": .array([FoodWire.option(item.serving)]),
            ])
        }
        return .json(.object(["items": .array(items)]))
    }

    private static func menuItems(_ context: OperationContext, _ catalog: Catalog) throws -> APIResponse {
        let id = context.pathParameters["restaurant_id", default: ""]
        guard (1...64).contains(id.count),
            id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
        else {
            throw APIError.invalidRequest("`restaurant_id` must be 1 to 64 letters, digits, `_` or `-`")
        }
        let limit = try context.query.integer("limit", in: 1...500, default: 100)
        let offset = try context.query.integer("offset", in: 0...Int.max, default: 0)
        guard let restaurant = catalog.restaurants[id] else {
            throw APIError.notFound("no restaurant has the id \(id)")
        }
        let sorted = restaurant.menuItems.enumerated()
            .sorted { ($0.element.name ?? "", $0.offset) < ($1.element.name ?? "", $1.offset) }
            .map(\.element)
        let items: [JSONValue] = sorted.dropFirst(offset).prefix(limit).map { item in
            .object([
                "id": .string(item.id),
                "name": .string(item.name),
                "nutrients": item.nutrients.wire,
                "glycemic_index": .number(item.glycemicIndex),
                "glycemic_load": .number(item.glycemicLoad),
                "servings": .array([FoodWire.option(item.serving)]),
            ])
        }
        return .json(.object(["items": .array(items)]))
    }
}

/// Great-circle distances on a spherical Earth.
enum Geo {
    static let earthRadiusMeters = 6_371_008.8

    /// The haversine distance between two points given in degrees.
    static func distanceMeters(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians
        let dLon = (lon2 - lon1) * radians
        let sinLat = sin(dLat / 2)
        let sinLon = sin(dLon / 2)
        let a = sinLat * sinLat + cos(lat1 * radians) * cos(lat2 * radians) * sinLon * sinLon
        return 2 * earthRadiusMeters * asin(min(1, sqrt(a)))
    }

    static func round1(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }
}
