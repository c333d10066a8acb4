/// The answer to `GET /v1.2/food-logs`; a missing or `null` list means no logs.
struct ListFoodLogsResponse: Decodable {
    var items: [FoodLog]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.items = try container.decodeIfPresent([FoodLog].self, forKey: .items) ?? []
    }

    private enum CodingKeys: String, CodingKey {
        case items
    }
}
