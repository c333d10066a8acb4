import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// `user.weightLogs` through the real URLSession against the simulator: the latest measurement of each local day,
/// in the unit it was logged in.
@Suite("Weight logs end to end", suiteTimeLimit())
struct WeightLogsEndToEndTests {
    @Test("the list keeps the latest measurement of each local day, whatever order they were written in")
    func latestPerDay() async throws {
        let harness = try ClientHarness()
        let user = harness.user
        // Written evening first: the list must pick by measured_at, not by order of writing.
        let evening = try await user.weightLogs.create(
            Weight(value: 79.5, unit: .kilograms), measuredAt: try EndToEnd.instant("2025-12-30T21:00:00-08:00"))
        try await user.weightLogs.create(
            Weight(value: 80, unit: .kilograms), measuredAt: try EndToEnd.instant("2025-12-30T07:00:00-08:00"))
        // 23:30 in Los Angeles: the 31st in UTC, still the 30th for the user, and later than the evening one.
        try await user.weightLogs.create(
            Weight(value: 79.4, unit: .kilograms), measuredAt: try EndToEnd.instant("2025-12-30T23:30:00-08:00"))
        try await user.weightLogs.create(
            Weight(value: 175, unit: .pounds), measuredAt: try EndToEnd.instant("2025-12-31T08:00:00-08:00"))
        #expect(evening.weight == Weight(value: 79.5, unit: .kilograms))
        #expect(evening.measuredAt == (try EndToEnd.instant("2025-12-31T05:00:00Z")))
        let days = try await user.weightLogs.list(
            from: try EndToEnd.day("2025-12-29"), through: try EndToEnd.day("2025-12-31"))
        #expect(days.map(\.date.description) == ["2025-12-30", "2025-12-31"])
        #expect(days.map(\.weight) == [Weight(value: 79.4, unit: .kilograms), Weight(value: 175, unit: .pounds)])
        let entry = try #require(harness.entries("listWeightLogs").first)
        #expect(entry.query("timezone") == "America/Los_Angeles")
        #expect(harness.entries("createWeightLog").map(\.status) == [201, 201, 201, 201])
    }

    @Test("two measurements at the same instant: the one written last wins")
    func sameInstant() async throws {
        let harness = try ClientHarness()
        let instant = try EndToEnd.instant("2025-12-31T07:00:00-08:00")
        try await harness.user.weightLogs.create(Weight(value: 150, unit: .pounds), measuredAt: instant)
        try await harness.user.weightLogs.create(Weight(value: 151, unit: .pounds), measuredAt: instant)
        let days = try await harness.user.weightLogs.list(
            from: try EndToEnd.day("2025-12-31"), through: try EndToEnd.day("2025-12-31"))
        #expect(days.map(\.weight) == [Weight(value: 151, unit: .pounds)])
    }

    @Test("a weight log that got 503 after January stored it is sent once and listed once")
    func createServiceUnavailableAfterStoring() async throws {
        let harness = try ClientHarness()
        harness.simulator.failNextWrites(afterStoringWith: .serviceUnavailable, pathPrefix: "/v1.2/weight-logs")
        let error = await EndToEnd.expectError(.server, code: "service_unavailable", status: 503) {
            try await harness.user.weightLogs.create(
                Weight(value: 72, unit: .kilograms), measuredAt: try EndToEnd.instant("2025-12-31T07:00:00-08:00"))
        }
        #expect(error?.message.contains("may or may not have taken effect") == true)
        #expect(harness.entries("createWeightLog").count == 1)
        let days = try await harness.user.weightLogs.list(
            from: try EndToEnd.day("2025-12-31"), through: try EndToEnd.day("2025-12-31"))
        #expect(days.map(\.weight) == [Weight(value: 72, unit: .kilograms)])
    }

    static let refusals: [EndToEnd.Refusal<JanuaryUserClient>] = [
        .init(
            "4 kg", naming: "weight.value",
            { try await $0.weightLogs.create(Weight(value: 4, unit: .kilograms)) }
        ),
        .init(
            "1001 lb", naming: "weight.value",
            { try await $0.weightLogs.create(Weight(value: 1_001, unit: .pounds)) }
        ),
        .init(
            "stones", naming: "weight.unit",
            { try await $0.weightLogs.create(Weight(value: 11, unit: WeightUnit(rawValue: "st"))) }
        ),
        .init(
            "a non-finite weight", naming: "weight.value",
            { try await $0.weightLogs.create(Weight(value: .nan, unit: .kilograms)) }
        ),
        .init(
            "a list reaching back six years", code: "date_range_too_large", naming: "5 years",
            {
                _ = try await $0.weightLogs.list(
                    from: try JanuaryDate("2019-12-01"), through: try JanuaryDate("2025-12-31"))
            }
        ),
        .init(
            "an inverted range", naming: "start_date",
            {
                _ = try await $0.weightLogs.list(
                    from: try JanuaryDate("2025-12-31"), through: try JanuaryDate("2025-12-01"))
            }
        ),
    ]

    @Test("bad input is refused before a token is fetched or a byte is sent", arguments: refusals)
    func refusedLocally(_ refusal: EndToEnd.Refusal<JanuaryUserClient>) async throws {
        try await refusal.check(on: \.user)
    }

    @Test("a weight in a unit the SDK does not know, with extra fields, decodes")
    func unknownUnit() async throws {
        let harness = try ClientHarness()
        harness.server.enqueue(
            .json(
                #"{"items": [{"date": "2025-12-31", "weight": {"value": 11.5, "unit": "st"}, "source": "scale"}]}"#))
        let days = try await harness.user.weightLogs.list(
            from: try EndToEnd.day("2025-12-31"), through: try EndToEnd.day("2025-12-31"))
        #expect(days.first?.weight == Weight(value: 11.5, unit: WeightUnit(rawValue: "st")))
    }
}
