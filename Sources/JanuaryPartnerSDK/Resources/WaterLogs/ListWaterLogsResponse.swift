/// The answer to `GET /v1.2/water-logs`; a missing or `null` list means no days.
struct ListWaterLogsResponse: Decodable {
    var items: [DailyWaterTotal]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.items = try container.decodeIfPresent([DailyWaterTotal].self, forKey: .items) ?? []
    }

    private enum CodingKeys: String, CodingKey {
        case items
    }
}
