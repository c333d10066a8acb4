import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import Testing

/// No public API may trap on a `Double` or a `Date` a partner passes: every initializer, helper and request
/// that takes one either gives a value or throws `invalidInput`.
@Suite("Hostile numbers and dates in public APIs", suiteTimeLimit())
struct NonFiniteInputTests {
    static let values: [Double] = [
        .nan, .infinity, -.infinity, -1, 0, 1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e-300, 9.3e18, -9.3e18,
    ]

    /// One public entry point, fed one value (as a number, and as a date that many seconds after 1970).
    struct Entry: Sendable, CustomTestStringConvertible {
        let name: String
        let call: @Sendable (Double) async throws -> Void
        var testDescription: String { name }
    }

    private static func date(_ value: Double) -> Date {
        Date(timeIntervalSince1970: value)
    }

    private static let food = FoodLogInputFood(
        foodID: FoodID(rawValue: "1"), servingID: ServingID(rawValue: "1"), quantity: 1)

    private static let profile = GlucosePredictionProfile(
        age: 40, sex: .female, height: Height(value: 170, unit: .centimeters),
        weight: Weight(value: 70, unit: .kilograms)
    )

    /// Runs `body` against a client whose transport answers `200 {}`; a request that reached the transport was
    /// judged acceptable, and whatever its `{}` answer decodes to is not this test's concern.
    private static func throughClient(
        _ body: @Sendable (JanuaryUserClient, JanuaryPartnerClient) async throws -> Void
    ) async throws {
        let harness = try ScriptedClient()
        let user = harness.client.forUser(PartnerUserID(rawValue: "user-1"), timeZone: TimeZone(identifier: "UTC")!)
        do {
            try await body(user, harness.client)
        } catch let error as JanuaryError where error.category == .invalidInput {
            throw error
        } catch  where !harness.transport.requests.isEmpty {
            return
        }
    }

    static let entries: [Entry] = [
        Entry(name: "NutrientAmount") { _ = NutrientAmount(value: $0, unit: .grams).scaled(by: $0) },
        Entry(name: "NutritionFacts.scaled") {
            _ = String(
                describing: NutritionFacts(calories: NutrientAmount(value: $0, unit: .kilocalories)).scaled(by: $0))
        },
        Entry(name: "Weight") { _ = String(describing: Weight(value: $0, unit: .pounds)) },
        Entry(name: "Volume") { _ = String(describing: Volume(value: $0, unit: .milliliters)) },
        Entry(name: "Height") { _ = String(describing: Height(value: $0, unit: .inches)) },
        Entry(name: "WaterAmount") {
            _ = [WaterAmount(value: $0, unit: .cups), .fluidOunces($0), .milliliters($0), .cups($0)].map {
                String(describing: $0)
            }
        },
        Entry(name: "ServingSummary") {
            _ = ServingSummary(id: ServingID(rawValue: "1"), quantity: $0, weightGrams: $0)
        },
        Entry(name: "JanuaryDate(_:in:)") { value in
            for zone in ["UTC", "Pacific/Kiritimati", "America/Los_Angeles"] {
                _ = try JanuaryDate(date(value), in: TimeZone(identifier: zone)!)
            }
        },
        Entry(name: "CGMReading.onePerWindow") { value in
            let readings = [
                CGMReading(timestamp: date(value), value: value), CGMReading(timestamp: date(0), value: 100),
            ]
            _ = CGMReading.onePerWindow(readings)
        },
        Entry(name: "GlucosePredictionPoint.date(from:)") {
            _ = GlucosePredictionPoint(minutes: 15, value: $0).date(from: date($0))
        },
        Entry(name: "ConsumedHistoricalFood") { value in
            _ = ConsumedHistoricalFood(
                timestamp: date(value), foodID: FoodID(rawValue: "1"), servingID: ServingID(rawValue: "1"),
                quantity: value)
            _ = ConsumedHistoricalFood(timestamp: date(value), food: food)
        },
        Entry(name: "GlucoseChart") { _ = GlucoseChart(min: $0, max: $0) },
        Entry(name: "WeightLog, FoodLog, WaterLog") { value in
            _ = WeightLog(weight: Weight(value: value, unit: .kilograms), measuredAt: date(value))
            _ = FoodLog(id: nil, foods: [], eatenAt: date(value))
            _ = WaterLog(id: WaterLogID(rawValue: "1"), amount: .milliliters(value), consumedAt: date(value))
        },
        Entry(name: "FoodLogInputFood") {
            _ = FoodLogInputFood(foodID: FoodID(rawValue: "1"), servingID: ServingID(rawValue: "1"), quantity: $0)
        },
        Entry(name: "JanuaryClientToken") { value in
            _ = JanuaryClientToken(value: "ct-x", expiresIn: value).description
            _ = JanuaryClientToken(value: "ct-x", expiresAt: date(value)).description
        },
        Entry(name: "TokenRefreshBackoff") {
            _ = TokenRefreshBackoff(initialDelay: $0, multiplier: $0, maximumDelay: $0).delay(
                afterConsecutiveFailures: 3)
        },
        Entry(name: "JanuaryHTTPResponse.retryAfter(now:)") {
            _ = JanuaryHTTPResponse(statusCode: 429, headerFields: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"])
                .retryAfter(now: date($0))
        },
        Entry(name: "Configuration durations and policies") { value in
            var configuration = JanuaryPartnerClient.Configuration()
            configuration.refreshLeeway = value
            configuration.tokenRejectionBreaker = TokenRejectionBreaker(
                window: value, coolDown: value, maximumCoolDown: value)
            configuration.retryPolicy = JanuaryRetryPolicy(
                baseDelay: value, maximumDelay: value, maximumRetryAfter: value, maximumTotalWait: value)
            configuration.refreshBackoff = TokenRefreshBackoff(
                initialDelay: value, multiplier: value, maximumDelay: value)
            _ = try JanuaryPartnerClient(
                clientTokenProvider: { fatalError("not called") }, configuration: configuration)
        },
        Entry(name: "PredictGlucoseRequest") { value in
            let request = PredictGlucoseRequest(
                profile: profile, foods: [food], startTime: date(value),
                cgmReadings: [CGMReading(timestamp: date(value), value: 100)],
                consumedFoods: [ConsumedHistoricalFood(timestamp: date(value), food: food)])
            try? request.validate()
            try await throughClient { _, client in _ = try await client.glucose.predict(request) }
        },
        Entry(name: "food logs") { value in
            try await throughClient { user, _ in
                _ = try await user.foodLogs.create(CreateFoodLogRequest(foods: [food], eatenAt: date(value)))
            }
            try await throughClient { user, _ in
                _ = try await user.foodLogs.update(
                    id: FoodLogID(rawValue: "1"), UpdateFoodLogRequest(eatenAt: date(value)))
            }
            try await throughClient { user, _ in
                _ = try await user.foodLogs.list(from: date(value), through: date(value))
            }
        },
        Entry(name: "water and weight logs") { value in
            try await throughClient { user, _ in
                _ = try await user.waterLogs.create(.milliliters(250), consumedAt: date(value))
            }
            try await throughClient { user, _ in
                _ = try await user.waterLogs.list(from: date(value), through: date(value))
            }
            try await throughClient { user, _ in
                _ = try await user.weightLogs.create(Weight(value: 70, unit: .kilograms), measuredAt: date(value))
            }
            try await throughClient { user, _ in
                _ = try await user.weightLogs.list(from: date(-value), through: date(value))
            }
        },
    ]

    @Test("gives a value or throws invalidInput, never traps", arguments: entries)
    func noTrap(entry: Entry) async {
        for value in Self.values {
            do {
                try await entry.call(value)
            } catch let error as JanuaryError {
                #expect(error.category == .invalidInput, "\(entry.name)(\(value)): \(error)")
            } catch {
                Issue.record("\(entry.name)(\(value)) threw \(error)")
            }
        }
    }
}
