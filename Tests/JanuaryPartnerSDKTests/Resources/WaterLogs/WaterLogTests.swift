import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDK
import JanuaryTestServer
import Testing

private func createWater(_ label: String, refused field: String?, _ amount: WaterAmount) -> ValidationCase {
    ValidationCase(label: label, refusedField: field) { _ = try await $0.waterLogs.create(amount) }
}

private let amountCases: [ValidationCase] = [
    createWater("0.99 fl oz", refused: "amount.value", .fluidOunces(0.99)),
    createWater("1 fl oz", refused: nil, .fluidOunces(1)),
    createWater("811.5 fl oz", refused: nil, .fluidOunces(811.5)),
    createWater("811.6 fl oz", refused: "amount.value", .fluidOunces(811.6)),
    createWater("0.099 cup", refused: "amount.value", .cups(0.099)),
    createWater("0.1 cup (one published revision's minimum)", refused: nil, .cups(0.1)),
    createWater("0.124 cup", refused: nil, .cups(0.124)),
    createWater("0.125 cup", refused: nil, .cups(0.125)),
    createWater("101.4 cups", refused: nil, .cups(101.4)),
    createWater("101.5 cups", refused: "amount.value", .cups(101.5)),
    createWater("29.9 ml", refused: "amount.value", .milliliters(29.9)),
    createWater("30 ml", refused: nil, .milliliters(30)),
    createWater("24000 ml", refused: nil, .milliliters(24_000)),
    createWater("24000.1 ml", refused: "amount.value", .milliliters(24_000.1)),
    createWater("NaN ml", refused: "amount.value", .milliliters(.nan)),
    createWater("infinite ml", refused: "amount.value", .milliliters(.infinity)),
    createWater("negative cups", refused: "amount.value", .cups(-1)),
    createWater("an unknown unit", refused: "amount.unit", WaterAmount(value: 1, unit: "gal")),
    ValidationCase(label: "consumed_at not a date", refusedField: "consumed_at") {
        _ = try await $0.waterLogs.create(.milliliters(250), consumedAt: Date(timeIntervalSince1970: .infinity))
    },
]

/// `LogsServer.now` is 2026-03-10 in Los Angeles: five years back is 2021-03-10.
private func listWater(_ start: String, _ end: String, refused field: String?, code: String = "invalid_request")
    -> ValidationCase
{
    ValidationCase(label: "water \(start) through \(end)", refusedField: field, code: code) {
        _ = try await $0.waterLogs.list(from: day(start), through: day(end))
    }
}

private let rangeCases: [ValidationCase] = [
    listWater("2021-03-10", "2026-03-10", refused: nil),
    listWater("2021-03-09", "2021-06-01", refused: "5 years", code: "date_range_too_large"),
    listWater("2026-03-10", "2026-03-10", refused: nil),
    listWater("2026-03-11", "2026-03-10", refused: "start_date"),
    listWater("2026-01-01", "2027-01-01", refused: nil),  // no span limit, and the end may be in the future
    ValidationCase(label: "an unknown output unit", refusedField: "unit") {
        _ = try await $0.waterLogs.list(from: day("2026-03-01"), through: day("2026-03-10"), unit: "gal")
    },
    ValidationCase(label: "delete with a non-UUID", refusedField: "log_id") { try await $0.waterLogs.delete(id: "42") },
]

@Suite("Water logs", suiteTimeLimit())
struct WaterLogTests {
    @Test("create posts the amount and consumed_at in UTC with milliseconds")
    func createBody() async throws {
        let logs = try LogsServer()
        let log = try await logs.user().waterLogs.create(.cups(1.5), consumedAt: utc("2026-03-10T08:15:00.5Z"))
        let request = try logs.onlyRequest()
        #expect(request.method == "POST")
        #expect(request.target == "/v1.2/water-logs")
        #expect(request.hasHeaderValue("user-42"))
        let body = try request.jsonBody()
        #expect(Set(body.keys) == ["amount", "consumed_at"])
        #expect(body["consumed_at"] as? String == "2026-03-10T08:15:00.500Z")
        let amount = try #require(body["amount"] as? [String: Any])
        #expect(amount["value"] as? Double == 1.5)
        #expect(amount["unit"] as? String == "cup")
        #expect(log.id == "5c0a3e2f-1b7d-4c9e-8f6a-0d2b4e6f8a1c")
        #expect(log.amount == .milliliters(250))
        #expect(log.consumedAt == LogsServer.now)
    }

    @Test("create without a time is dated by January's clock, learnt from a listing's Date when not yet known")
    func createWithoutTime() async throws {
        let logs = try LogsServer()
        try await logs.user().waterLogs.create(.fluidOunces(8))
        #expect(logs.server.receivedRequests.map(\.method) == ["GET", "POST"])
        let body = try logs.callRequest().jsonBody()
        #expect(Set(body.keys) == ["amount", "consumed_at"])
        #expect((body["consumed_at"] as? String)?.hasSuffix("Z") == true)
    }

    @Test("list sends the days, the zone and the unit, fluid ounces by default")
    func listQuery() async throws {
        let logs = try LogsServer()
        let user = logs.user()
        _ = try await user.waterLogs.list(from: day("2026-03-01"), through: day("2026-03-10"))
        _ = try await user.waterLogs.list(from: day("2026-03-01"), through: day("2026-03-10"), unit: .milliliters)
        let requests = logs.server.receivedRequests
        try #require(requests.count == 2)
        #expect(requests[0].method == "GET" && requests[0].path == "/v1.2/water-logs")
        #expect(
            requests[0].queryPairs == [
                "start_date": "2026-03-01", "end_date": "2026-03-10", "timezone": "America/Los_Angeles",
                "unit": "fl_oz",
            ])
        #expect(requests[1].queryPairs["unit"] == "ml")
    }

    @Test("total(on:) reads the day's total, or zero when the day has none")
    func totalOnADay() async throws {
        let logs = try LogsServer()
        logs.server.enqueue(.json(#"{"items": [{"date": "2026-03-10", "total": {"value": 1250.5, "unit": "ml"}}]}"#))
        let user = logs.user()
        #expect(try await user.waterLogs.total(on: day("2026-03-10"), unit: .milliliters).value == 1250.5)
        #expect(try await user.waterLogs.total(on: day("2026-03-09"), unit: .cups) == Volume(value: 0, unit: .cups))
        let requests = logs.server.receivedRequests
        #expect(requests.map { $0.queryPairs["start_date"] } == ["2026-03-10", "2026-03-09"])
        #expect(requests.map { $0.queryPairs["end_date"] } == ["2026-03-10", "2026-03-09"])
    }

    @Test("delete addresses the log by its id")
    func delete() async throws {
        let logs = try LogsServer()
        try await logs.user().waterLogs.delete(id: "5c0a3e2f-1b7d-4c9e-8f6a-0d2b4e6f8a1c")
        let request = try logs.onlyRequest()
        #expect(request.method == "DELETE")
        #expect(request.target == "/v1.2/water-logs/5c0a3e2f-1b7d-4c9e-8f6a-0d2b4e6f8a1c")
    }

    @Test("a log and daily totals decode with integer ids, offsets, unknown units and extra keys")
    func decoding() throws {
        let log = try Wire.decode(
            WaterLog.self,
            #"{"id": 77, "amount": {"value": 2, "unit": "gal"}, "consumed_at": "2026-03-10T01:15:00+02:00", "x": 1}"#
        )
        #expect(log.id == "77")
        #expect(log.amount.unit.rawValue == "gal")
        #expect(log.consumedAt == utc("2026-03-09T23:15:00Z"))
        #expect(try JSONDecoder().decode(WaterLog.self, from: JSONEncoder().encode(log)) == log)

        let totals = try Wire.decode(
            [DailyWaterTotal].self,
            #"[{"date": "2026-03-09", "total": {"value": 0, "unit": "fl_oz"}, "extra": null}]"#
        )
        #expect(totals == [DailyWaterTotal(date: day("2026-03-09"), total: Volume(value: 0, unit: .fluidOunces))])
    }

    @Test(
        "a log without its id, amount or time does not decode",
        arguments: [
            #"{"amount": {"value": 2, "unit": "ml"}, "consumed_at": "2026-03-10T01:15:00Z"}"#,
            #"{"id": "a", "consumed_at": "2026-03-10T01:15:00Z"}"#,
            #"{"id": "a", "amount": {"value": 2, "unit": "ml"}, "consumed_at": null}"#,
        ]
    )
    func requiredFields(json: String) {
        #expect(throws: DecodingError.self) { try Wire.decode(WaterLog.self, json) }
    }

    @Test("a list without items, or with null items, is empty")
    func emptyList() async throws {
        let logs = try LogsServer()
        logs.server.enqueue(.json("{}"), .json(#"{"items": null}"#))
        let user = logs.user()
        #expect(try await user.waterLogs.list(from: day("2026-03-01"), through: day("2026-03-10")).isEmpty)
        #expect(try await user.weightLogs.list(from: day("2026-03-01"), through: day("2026-03-10")).isEmpty)
    }

    @Test("units and amounts spell their wire values")
    func vocabulary() throws {
        #expect([VolumeUnit.fluidOunces, .milliliters, .cups].map(\.rawValue) == ["fl_oz", "ml", "cup"])
        #expect(WaterAmount.fluidOunces(8) == WaterAmount(value: 8, unit: .fluidOunces))
        #expect(try Wire.object(WaterAmount.cups(2)) as NSDictionary == ["value": 2, "unit": "cup"] as NSDictionary)
    }

    @Test("amounts", arguments: amountCases)
    func amounts(rule: ValidationCase) async throws {
        try await rule.check(logs: LogsServer())
    }

    @Test("ranges, lookback, unit and identifiers", arguments: rangeCases)
    func ranges(rule: ValidationCase) async throws {
        try await rule.check(logs: LogsServer())
    }

    @Test("the five-year lookback counts from the user's today, and clips a leap day")
    func lookbackFromTheUsersToday() async throws {
        // 2028-02-29T07:30Z: still February 28 in Los Angeles, already February 29 in Tokyo.
        let logs = try LogsServer(now: utc("2028-02-29T07:30:00Z"))
        let losAngeles = logs.user(timeZone: "America/Los_Angeles").waterLogs
        let tokyo = logs.user(timeZone: "Asia/Tokyo").weightLogs
        _ = try await losAngeles.list(from: day("2023-02-28"), through: day("2023-03-01"))
        try await requireRefusedLocally(code: "date_range_too_large", naming: "5 years", outbound: logs.outbound) {
            _ = try await losAngeles.list(from: day("2023-02-27"), through: day("2023-03-01"))
        }
        // February 29 five years back is February 28.
        _ = try await tokyo.list(from: day("2023-02-28"), through: day("2023-03-01"))
        try await requireRefusedLocally(code: "date_range_too_large", naming: "5 years", outbound: logs.outbound) {
            _ = try await tokyo.list(from: day("2023-02-27"), through: day("2023-03-01"))
        }
        #expect(logs.server.receivedRequests.count == 2)
    }

    @Test(
        "an invalid request is refused before any I/O, with nothing listening",
        arguments: amountCases.filter(\.isRefused))
    func refusedWithoutIO(rule: ValidationCase) async throws {
        try await rule.checkOffline()
    }
}
