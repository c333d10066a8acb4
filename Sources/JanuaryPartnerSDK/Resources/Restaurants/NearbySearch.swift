import Foundation

/// The parameters restaurant search and menu item search share, checked and encoded once.
enum NearbySearch {
    static func validate(
        query: String,
        latitude: Double,
        longitude: Double,
        radiusMeters: Double,
        limit: Int,
        in typeName: String
    ) throws {
        try Validation.text(query, field: "\(typeName).query", length: 1...256)
        try Validation.number(latitude, field: "\(typeName).latitude", in: -90...90)
        try Validation.number(longitude, field: "\(typeName).longitude", in: -180...180)
        try Validation.number(radiusMeters, field: "\(typeName).radiusMeters", in: 1...50_000)
        try Validation.integer(limit, field: "\(typeName).limit", in: 1...100)
    }

    static func queryItems(
        query: String,
        latitude: Double,
        longitude: Double,
        radiusMeters: Double,
        limit: Int
    ) -> [URLQueryItem] {
        [
            URLQueryItem(name: "query", value: query),
            OperationEncoding.queryItem("latitude", latitude),
            OperationEncoding.queryItem("longitude", longitude),
            OperationEncoding.queryItem("radius_meters", radiusMeters),
            OperationEncoding.queryItem("limit", limit),
        ]
    }
}
