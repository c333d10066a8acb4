import Foundation

/// A search of January's food catalogue by name, one page at a time.
///
/// ```swift
/// let page = try await january.foods.search(SearchFoodsRequest(query: "banana"))
/// ```
public struct SearchFoodsRequest: Sendable, Hashable {
    /// What to look for: 1 to 256 characters, not blank.
    public var query: String

    /// Only foods of this type, or `nil` (the default) for generic, branded and recipes together.
    public var type: FoodType?

    /// How many foods per page: 1 to 50. Defaults to 10.
    public var limit: Int

    /// How many foods to skip, for the following pages: 0 or more. Defaults to 0.
    public var offset: Int

    /// Creates a search.
    ///
    /// - Parameters:
    ///   - query: What to look for: 1 to 256 characters, not blank.
    ///   - type: Only foods of this type; `nil` for all.
    ///   - limit: How many foods per page: 1 to 50.
    ///   - offset: How many foods to skip.
    public init(query: String, type: FoodType? = nil, limit: Int = 10, offset: Int = 0) {
        self.query = query
        self.type = type
        self.limit = limit
        self.offset = offset
    }

    /// The search for the page after `page`, or `nil` when `page` was shorter than ``limit`` and so the last.
    ///
    /// - Parameter page: The page this search returned.
    /// - Returns: The next page's search, or `nil`.
    public func nextPage(after page: FoodSearchResults) -> SearchFoodsRequest? {
        nextPage(afterCount: page.items.count)
    }

    /// Checks January's rules, so that a mistake costs no request.
    ///
    /// - Throws: `JanuaryError` of category `invalidInput` naming the field that breaks a rule.
    public func validate() throws {
        try Validation.text(query, field: "SearchFoodsRequest.query", length: 1...256)
        try Validation.integer(limit, field: "SearchFoodsRequest.limit", in: 1...50)
        try Validation.integer(offset, field: "SearchFoodsRequest.offset", atLeast: 0)
    }

    func makeRequest() throws -> JanuaryRequest {
        try validate()
        var items = [URLQueryItem(name: "query", value: query)]
        if let type {
            items.append(URLQueryItem(name: "type", value: type.rawValue))
        }
        items.append(URLQueryItem("limit", number: limit))
        items.append(URLQueryItem("offset", number: offset))
        return try JanuaryOperation.searchFoods.request(query: items)
    }
}

extension SearchFoodsRequest: OffsetPaged {}

/// A request for one page of a list January pages by `limit` and `offset`: a food search, or a restaurant's menu
/// (``GetRestaurantMenuItemsRequest``). Both find their next page the same way.
protocol OffsetPaged {
    /// How many items a page holds at most.
    var limit: Int { get }

    /// How many items come before this page.
    var offset: Int { get set }
}

extension OffsetPaged {
    /// The request for the page after one that held `count` items: `nil` when that page was shorter than the
    /// limit, and so the last, or when the next offset would not fit in an `Int` (no list is that long).
    func nextPage(afterCount count: Int) -> Self? {
        let (nextOffset, overflow) = offset.addingReportingOverflow(limit)
        guard count >= limit, !overflow else {
            return nil
        }
        var next = self
        next.offset = nextOffset
        return next
    }
}

/// One page of a food search: the best match first.
public struct FoodSearchResults: Sendable, Hashable, Codable {
    /// The foods found; empty when nothing matched, which is not an error. Each lists its default serving only.
    public var items: [Food]

    /// Creates a page of results.
    ///
    /// - Parameter items: The foods found.
    public init(items: [Food]) {
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

    /// Decodes a page; a missing `items` decodes as empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a food is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.items = try container.decodeList([Food].self, forKey: Keys.items)
    }
}

extension FoodSearchResults {
    /// Hashes the foods' ids alone: equal results have equal ids.
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
