import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
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

    /// Issue 40: `FoodLog.id` was optional, so the logs January sends without an identifier all had the id `nil`
    /// and a SwiftUI list of them had duplicate ids. Each now gets a stand-in of its own, through the real path.
    @Test func logsJanuarySentWithoutAnIdentifierNeverShareOne() async throws {
        let count = 500
        let logJSON = #"{"id":null,"foods":[],"eaten_at":"2026-03-11T06:30:00.000Z","name":null}"#
        let listJSON = #"{"items":["# + Array(repeating: logJSON, count: count).joined(separator: ",") + "]}"
        let server = try LoopbackHTTPServer(handler: { _ in .json(listJSON) })
        defer { server.shutdown() }
        let january = try JanuaryPartnerClient(
            developmentAPIKey: "sk-test", configuration: JanuaryPartnerClient.Configuration(baseURL: server.baseURL))
        let user = january.forUser(PartnerUserID(rawValue: "user-42"), timeZone: TimeZone(identifier: "UTC")!)
        let logs = try await user.foodLogs.list(on: JanuaryDate("2026-03-11"))
        #expect(logs.count == count)
        #expect(Set(Self.ids(logs)).count == count, "two logs share an id")
        #expect(logs.allSatisfy { !$0.isAddressable })
        #expect(logs.allSatisfy { UUID(uuidString: $0.id.rawValue) == nil }, "a stand-in looks like January's id")
        #expect(FoodLog(id: nil, foods: [], eatenAt: Date()).id != FoodLog(id: nil, foods: [], eatenAt: Date()).id)
    }

    /// A stand-in is never sent: `get`, `update` and `delete` refuse it before anything leaves, saying why.
    @Test func aStandInIsRefusedBeforeSending() async throws {
        let server = try LoopbackHTTPServer(handler: { _ in .json("{}") })
        defer { server.shutdown() }
        let january = try JanuaryPartnerClient(
            developmentAPIKey: "sk-test", configuration: JanuaryPartnerClient.Configuration(baseURL: server.baseURL))
        let logs = january.forUser(PartnerUserID(rawValue: "user-42")).foodLogs
        let standIn = FoodLog(id: nil, foods: [], eatenAt: Date()).id
        let outbound = { server.receivedRequests.map { "\($0.method) \($0.path)" } }
        try await requireRefusedLocally(naming: "isAddressable", outbound: outbound()) {
            _ = try await logs.get(id: standIn)
        }
        try await requireRefusedLocally(naming: "isAddressable", outbound: outbound()) {
            _ = try await logs.update(id: standIn, UpdateFoodLogRequest(name: "Lunch"))
        }
        try await requireRefusedLocally(naming: "isAddressable", outbound: outbound()) {
            try await logs.delete(id: standIn)
        }
    }

    /// January's identifier is kept and written back; a stand-in is written as the `null` January sent.
    @Test func januarysIdentifierIsKeptAndAStandInEncodesAsNull() throws {
        let id: FoodLogID = "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b"
        let log = try Wire.decode(FoodLog.self, #"{"id":"\#(id)","foods":[],"eaten_at":"2026-03-11T06:30:00Z"}"#)
        #expect(log.id == id && log.isAddressable)
        #expect(try Wire.object(log)["id"] as? String == id.rawValue)
        let standIn = FoodLog(id: nil, foods: [], eatenAt: Date())
        #expect(try Wire.object(standIn)["id"] is NSNull)
        #expect(
            try Wire.decode(FoodLog.self, #"{"foods":[],"eaten_at":"2026-03-11T06:30:00Z"}"#).isAddressable == false)
    }

    /// Issue 40: a scan can find the same catalogue food twice, so a detected food's food id does not tell
    /// detections apart, and `DetectedFood` is not `Identifiable`, lest a list of them get duplicate ids.
    @Test func aDetectedFoodIsNotIdentifiedByItsCatalogueFood() async throws {
        let january = try JanuaryPartnerClient.simulated(JanuaryAPISimulator.inProcess())
        let scan = try await january.foodAnalysis.analyzeDescription("an egg, and then another egg")
        let ids = scan.detections.map(\.food.id)
        #expect(ids.count == 2 && Set(ids).count == 1, "the same food, detected twice")
        #expect(!((DetectedFood.self as Any.Type) is any Identifiable.Type))
    }
}
