import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer

/// Figures 6 and 7: a typed operation against the same request through plain URLSession and a `JSONDecoder`
/// into equivalent structs, and what decoding costs per item as a menu grows.
enum TypedOperationBenchmarks {
    static let searchBaselineName =
        "plain URLSession configured like the SDK's, same request and header fields, then JSONDecoder into "
        + "equivalent structs (same CodingKeys and tolerance)"

    static func figures(rounds: Int, requests: Int, decodes: Int) async throws -> [Figure] {
        [try await searchFigure(rounds: rounds, requests: requests)]
            + (try decodeFigures(rounds: rounds, decodes: decodes))
    }

    /// Figure 6: `foods.search` returning 50 foods.
    static func searchFigure(rounds: Int, requests: Int) async throws -> Figure {
        let body = try foodSearchBody(count: 50)
        let bench = try await LoopbackBench(
            handler: { request in
                request.path == "/v1.2/foods"
                    ? ScriptedResponse(
                        status: 200,
                        headerFields: [HeaderField(name: "Content-Type", value: "application/json")],
                        body: body
                    )
                    : .text("not found", status: 404)
            },
            sdkCall: { client in
                let results = try await client.foods.search(SearchFoodsRequest(query: "apple", limit: 50))
                guard results.items.count == 50 else {
                    throw BenchError("foods.search returned \(results.items.count) foods, not 50")
                }
            },
            plainDecode: { data in
                // A decoder per call, as the SDK makes one: JSONDecoder is Sendable only from iOS 16 / macOS 13,
                // so this @Sendable closure must not capture one.
                let results = try JSONDecoder().decode(BaselineFoodSearchResults.self, from: data)
                guard results.items.count == 50 else {
                    throw BenchError("the baseline decoded \(results.items.count) foods, not 50")
                }
            }
        )
        defer { bench.shutdown() }
        try await bench.warmUp()
        var sdk: [Double] = []
        var plain: [Double] = []
        for round in 0..<rounds {
            let (sdkRound, plainRound) = try await bench.sequentialRound(
                requests: requests,
                sdkFirst: round.isMultiple(of: 2)
            )
            sdk.append(sdkRound)
            plain.append(plainRound)
        }
        return Figure(
            id: "6",
            name: "typed operation: foods.search returning 50 foods",
            unit: "µs/call",
            samples: sdk,
            baseline: Baseline(name: searchBaselineName, samples: plain),
            target: .ratioAtMost(1.05),
            note: "\(body.count) bytes; \(rounds) rounds, each the median of \(requests) calls per side, alternated"
        )
    }

    /// Figures 7a and 7b: decoding a restaurant menu in memory, per item, at 500 and at 50 items.
    static func decodeFigures(rounds: Int, decodes: Int) throws -> [Figure] {
        let large = try menuBody(count: 500)
        let small = try menuBody(count: 50)
        let decoder = JSONDecoder()
        var sdkLarge: [Double] = []
        var sdkSmall: [Double] = []
        var plainLarge: [Double] = []
        for round in 0..<rounds {
            let order = round.isMultiple(of: 2) ? [0, 1, 2] : [2, 1, 0]
            for step in order {
                switch step {
                case 0:
                    sdkLarge.append(
                        try nanosecondsPerItem(large, items: 500, decodes: decodes) {
                            try decoder.decode(GetRestaurantMenuItemsResponse.self, from: $0).items.count
                        }
                    )
                case 1:
                    sdkSmall.append(
                        try nanosecondsPerItem(small, items: 50, decodes: decodes * 10) {
                            try decoder.decode(GetRestaurantMenuItemsResponse.self, from: $0).items.count
                        }
                    )
                default:
                    plainLarge.append(
                        try nanosecondsPerItem(large, items: 500, decodes: decodes) {
                            try decoder.decode(BaselineMenuItemsResponse.self, from: $0).items.count
                        }
                    )
                }
            }
        }
        return [
            Figure(
                id: "7a",
                name: "decode a 500-item restaurant menu, per item",
                unit: "ns/item",
                samples: sdkLarge,
                baseline: Baseline(
                    name: "JSONDecoder into equivalent structs (same CodingKeys and tolerance)",
                    samples: plainLarge
                ),
                note: "\(large.count) bytes; GetRestaurantMenuItemsResponse, in memory"
            ),
            Figure(
                id: "7b",
                name: "linear growth of decoding: ns per item at 500 items",
                unit: "ns/item",
                samples: sdkLarge,
                baseline: Baseline(name: "ns per item at 50 items (\(small.count) bytes)", samples: sdkSmall),
                target: .ratioAtMost(1.2)
            ),
        ]
    }

    private static func nanosecondsPerItem(
        _ body: Data,
        items: Int,
        decodes: Int,
        decode: (Data) throws -> Int
    ) throws -> Double {
        let start = nowNanoseconds()
        for _ in 0..<decodes {
            guard try decode(body) == items else {
                throw BenchError("a menu did not decode to \(items) items")
            }
        }
        return Double(nowNanoseconds() - start) / Double(decodes * items)
    }

    // MARK: - Canned answers, in January's wire format (written by the SDK's own models' encoders).

    static func nutrients(_ index: Int) -> NutritionFacts {
        let scale = Double(index % 17 + 1)
        return NutritionFacts(
            calories: NutrientAmount(value: 52 * scale, unit: .kilocalories),
            protein: NutrientAmount(value: 0.3 * scale, unit: .grams),
            carbohydrates: NutrientAmount(value: 13.8 * scale, unit: .grams),
            netCarbohydrates: NutrientAmount(value: 11.4 * scale, unit: .grams),
            totalFat: NutrientAmount(value: 0.2 * scale, unit: .grams),
            saturatedFat: NutrientAmount(value: 0.03 * scale, unit: .grams),
            fiber: NutrientAmount(value: 2.4 * scale, unit: .grams),
            totalSugars: NutrientAmount(value: 10.4 * scale, unit: .grams),
            cholesterol: NutrientAmount(value: 0, unit: .milligrams),
            potassium: NutrientAmount(value: 107 * scale, unit: .milligrams),
            sodium: NutrientAmount(value: 1 * scale, unit: .milligrams)
        )
    }

    static func serving(_ index: Int) -> ServingOption {
        ServingOption(
            id: ServingID(rawValue: String(700_000 + index)),
            quantity: 1,
            unit: "medium",
            scalingFactor: 1.82,
            weightGrams: 182,
            isPrimary: true
        )
    }

    static func foodSearchBody(count: Int) throws -> Data {
        let foods = (0..<count).map { index in
            Food(
                id: FoodID(rawValue: String(100_000 + index)),
                type: index.isMultiple(of: 3) ? .branded : .generic,
                name: "Apple, raw, with skin \(index)",
                brandName: index.isMultiple(of: 3) ? "Orchard Co" : nil,
                nutrients: nutrients(index),
                glycemicIndex: 36,
                glycemicLoad: 5.4,
                imageURL: URL(string: "https://images.example.com/foods/\(100_000 + index).jpg"),
                barcode: index.isMultiple(of: 3) ? "0001234567\(index % 10)" : nil,
                servings: [serving(index)]
            )
        }
        return try JSONEncoder().encode(FoodSearchResults(items: foods))
    }

    static func menuBody(count: Int) throws -> Data {
        let items = (0..<count).map { index in
            RestaurantMenuItem(
                id: FoodID(rawValue: String(200_000 + index)),
                name: "Burrito bowl \(index)",
                nutrients: nutrients(index),
                glycemicIndex: 48,
                glycemicLoad: 21,
                servings: [serving(index)]
            )
        }
        return try JSONEncoder().encode(GetRestaurantMenuItemsResponse(items: items))
    }
}
