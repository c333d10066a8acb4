import Foundation
import Testing

@testable import JanuaryPartnerSDK

/// Issue 31: every value with a stable identity is `Identifiable`, so a SwiftUI `List` or `ForEach` takes it
/// without `id:`. A list of logs, catalogue values or daily values has no two with the same `id`.
@Suite("Values a list can show are Identifiable", suiteTimeLimit())
struct IdentifiableTests {
    static func ids<Value: Identifiable>(_ values: [Value]) -> [Value.ID] {
        values.map(\.id)
    }

    @Test func logsAndDailyValuesAreIdentifiedByWhatJanuaryKeysThemBy() throws {
        let log = FoodLog(id: "3bee2eb0-cbbf-4a14-8f4e-63739cbd5ac7", foods: [], eatenAt: Date())
        #expect(Self.ids([log]) == [log.id])
        let day = try JanuaryDate("2026-03-10")
        let weight = DailyWeight(date: day, weight: Weight(value: 70, unit: .kilograms))
        #expect(Self.ids([weight]) == [day])
        let water = DailyWaterTotal(date: day, total: Volume(value: 1000, unit: .milliliters))
        #expect(Self.ids([water]) == [day])
        let serving = ServingOption(id: "5001", quantity: 1)
        #expect(Self.ids([serving]) == ["5001"])
        #expect(Self.ids([ServingSummary(id: "5002", quantity: 1.5)]) == ["5002"])
        let drink = WaterLog(id: "7a6c1f3e-1111-4d2b-9c6e-000000000001", amount: .milliliters(250), consumedAt: Date())
        #expect(Self.ids([drink]) == [drink.id])
        #expect(Self.ids([Food(id: "1001", name: "banana")]) == ["1001"])
    }
}
