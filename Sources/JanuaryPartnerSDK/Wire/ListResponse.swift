/// The answer of a list endpoint January wraps as `{"items": […]}`; a missing or `null` list means none.
///
/// The internal log lists (food, water and weight) decode through this one type. The public pages, such as
/// `FoodSearchResults`, keep types of their own: each documents what its empty list means to a partner.
struct ListResponse<Item: Decodable>: Decodable {
    var items: [Item]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.items = try container.decodeList([Item].self, forKey: .items)
    }

    private enum CodingKeys: String, CodingKey {
        case items
    }
}
