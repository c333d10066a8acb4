/// The answer to `GET /v1.2/weight-logs`; a missing or `null` list means no days.
struct ListWeightLogsResponse: Decodable {
    var items: [DailyWeight]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.items = try container.decodeIfPresent([DailyWeight].self, forKey: .items) ?? []
    }

    private enum CodingKeys: String, CodingKey {
        case items
    }
}
