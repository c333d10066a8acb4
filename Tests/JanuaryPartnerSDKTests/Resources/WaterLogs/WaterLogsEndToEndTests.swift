import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// `user.waterLogs` through the real URLSession against the simulator: daily totals by local day in the unit asked
/// for, the daily cap on the UTC day, deletes, and what the client refuses before sending.
@Suite("Water logs end to end", suiteTimeLimit())
struct WaterLogsEndToEndTests {
    /// 500 ml and 8 fl oz on 2025-12-30 (the second already on the 31st in UTC), 2 cups on 2025-12-31, local time.
    static func logDrinks(_ user: JanuaryUserClient) async throws -> [WaterLog] {
        [
            try await user.waterLogs.create(
                .milliliters(500), consumedAt: try EndToEnd.instant("2025-12-30T10:00:00-08:00")),
            try await user.waterLogs.create(
                .fluidOunces(8), consumedAt: try EndToEnd.instant("2025-12-30T18:00:00-08:00")),
            try await user.waterLogs.create(.cups(2), consumedAt: try EndToEnd.instant("2025-12-31T09:00:00-08:00")),
        ]
    }

    @Test(
        "daily totals are summed by local day and converted to the unit asked for, to 0.1",
        arguments: [
            // 500 ml + 8 × 29.5735 ml = 736.588 ml; 2 cups = 16 fl oz = 473.176 ml.
            (VolumeUnit.milliliters, 736.6, 473.2),
            (.fluidOunces, 24.9, 16.0),
            (.cups, 3.1, 2.0),
        ]
    )
    func dailyTotals(unit: VolumeUnit, first: Double, second: Double) async throws {
        let harness = try ClientHarness()
        _ = try await Self.logDrinks(harness.user)
        let totals = try await harness.user.waterLogs.list(
            from: try EndToEnd.day("2025-12-29"), through: try EndToEnd.day("2025-12-31"), unit: unit)
        #expect(totals.map(\.date.description) == ["2025-12-30", "2025-12-31"])
        #expect(totals.map(\.total) == [Volume(value: first, unit: unit), Volume(value: second, unit: unit)])
        let entry = try #require(harness.entries("listWaterLogs").first)
        #expect(entry.query("unit") == unit.rawValue)
        #expect(entry.query("timezone") == "America/Los_Angeles")
    }

    @Test("create echoes the amount as sent, and total(on:) reads one day, zero when nothing was drunk")
    func createAndTotal() async throws {
        let harness = try ClientHarness()
        let logs = try await Self.logDrinks(harness.user)
        #expect(logs.map(\.amount) == [.milliliters(500), .fluidOunces(8), .cups(2)])
        #expect(logs.allSatisfy { UUID(uuidString: $0.id.rawValue) != nil })
        #expect(logs.first?.consumedAt == (try EndToEnd.instant("2025-12-30T18:00:00Z")))
        let total = try await harness.user.waterLogs.total(on: try EndToEnd.day("2025-12-30"), unit: .milliliters)
        #expect(total == Volume(value: 736.6, unit: .milliliters))
        let none = try await harness.user.waterLogs.total(on: try EndToEnd.day("2025-12-29"), unit: .cups)
        #expect(none == Volume(value: 0, unit: .cups))
        #expect(harness.entries("createWaterLog").map(\.status) == [201, 201, 201])
    }

    @Test("a deleted log stops counting; a second delete still succeeds")
    func delete() async throws {
        let harness = try ClientHarness()
        let logs = try await Self.logDrinks(harness.user)
        try await harness.user.waterLogs.delete(id: logs[0].id)
        try await harness.user.waterLogs.delete(id: logs[0].id)
        let total = try await harness.user.waterLogs.total(on: try EndToEnd.day("2025-12-30"), unit: .fluidOunces)
        #expect(total == Volume(value: 8, unit: .fluidOunces))
        #expect(harness.entries("deleteWaterLog").map(\.status) == [204, 204])
    }

    @Test("24 L on one UTC day is the cap: the next drink is 400 daily_water_limit_exceeded, sent once")
    func dailyCap() async throws {
        let harness = try ClientHarness()
        // 16:00 and 23:00 in Los Angeles on the 29th are both 2025-12-30 in UTC.
        try await harness.user.waterLogs.create(
            .milliliters(24_000), consumedAt: try EndToEnd.instant("2025-12-29T16:00:00-08:00"))
        await EndToEnd.expectError(.invalidInput, code: "daily_water_limit_exceeded", status: 400) {
            try await harness.user.waterLogs.create(
                .milliliters(30), consumedAt: try EndToEnd.instant("2025-12-29T23:00:00-08:00"))
        }
        // 15:00 the same local day is still the 29th in UTC, under its own cap.
        try await harness.user.waterLogs.create(
            .milliliters(30), consumedAt: try EndToEnd.instant("2025-12-29T15:00:00-08:00"))
        #expect(harness.entries("createWaterLog").map(\.status) == [201, 400, 201])
        let total = try await harness.user.waterLogs.total(on: try EndToEnd.day("2025-12-29"), unit: .milliliters)
        #expect(total == Volume(value: 24_030, unit: .milliliters))
    }

    @Test("a water log that got 503 after January stored it is sent once and counted once")
    func createServiceUnavailableAfterStoring() async throws {
        let harness = try ClientHarness()
        harness.simulator.failNextWrites(afterStoringWith: .serviceUnavailable, pathPrefix: "/v1.2/water-logs")
        let error = await EndToEnd.expectError(.server, code: "service_unavailable", status: 503) {
            try await harness.user.waterLogs.create(
                .milliliters(250), consumedAt: try EndToEnd.instant("2025-12-31T08:00:00-08:00"))
        }
        #expect(error?.message.contains("may or may not have taken effect") == true)
        #expect(harness.entries("createWaterLog").count == 1)
        let total = try await harness.user.waterLogs.total(on: try EndToEnd.day("2025-12-31"), unit: .milliliters)
        #expect(total == Volume(value: 250, unit: .milliliters))
    }

    static let refusals: [EndToEnd.Refusal<JanuaryUserClient>] = [
        .init("29 ml", naming: "amount.value", { try await $0.waterLogs.create(.milliliters(29)) }),
        .init("812 fl oz", naming: "amount.value", { try await $0.waterLogs.create(.fluidOunces(812)) }),
        .init(
            "less than any revision's smallest cup", naming: "amount.value",
            { try await $0.waterLogs.create(.cups(0.09)) }
        ),
        .init(
            "gallons", naming: "amount.unit",
            { try await $0.waterLogs.create(WaterAmount(value: 1, unit: VolumeUnit(rawValue: "gal"))) }
        ),
        .init(
            "a list in gallons", naming: "unit",
            {
                _ = try await $0.waterLogs.list(
                    from: try JanuaryDate("2025-12-01"), through: try JanuaryDate("2025-12-31"),
                    unit: VolumeUnit(rawValue: "gal"))
            }
        ),
        .init(
            "a list reaching back six years", code: "date_range_too_large", naming: "5 years",
            {
                _ = try await $0.waterLogs.list(
                    from: try JanuaryDate("2019-12-01"), through: try JanuaryDate("2025-12-31"))
            }
        ),
        .init("a delete of a malformed id", naming: "log_id", { try await $0.waterLogs.delete(id: "7") }),
    ]

    @Test("bad input is refused before a token is fetched or a byte is sent", arguments: refusals)
    func refusedLocally(_ refusal: EndToEnd.Refusal<JanuaryUserClient>) async throws {
        try await refusal.check(on: \.user)
    }

    @Test("totals in a unit the SDK does not know, with extra fields, decode")
    func unknownUnit() async throws {
        let harness = try ClientHarness()
        harness.server.enqueue(
            .json(
                #"{"items": [{"date": "2025-12-31", "total": {"value": 1.5, "unit": "l"}, "logs": 3}], "unit": "l"}"#))
        let totals = try await harness.user.waterLogs.list(
            from: try EndToEnd.day("2025-12-31"), through: try EndToEnd.day("2025-12-31"), unit: .milliliters)
        #expect(totals.first?.total == Volume(value: 1.5, unit: VolumeUnit(rawValue: "l")))
    }
}
