import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDK
import JanuaryTestServer
import Testing

private func createWeight(_ label: String, refused field: String?, _ weight: Weight) -> ValidationCase {
    ValidationCase(label: label, refusedField: field) { _ = try await $0.weightLogs.create(weight) }
}

private let weightCases: [ValidationCase] = [
    createWeight("9.99 lb", refused: "weight.value", Weight(value: 9.99, unit: .pounds)),
    createWeight("10 lb", refused: nil, Weight(value: 10, unit: .pounds)),
    createWeight("1000 lb", refused: nil, Weight(value: 1000, unit: .pounds)),
    createWeight("1000.01 lb", refused: "weight.value", Weight(value: 1000.01, unit: .pounds)),
    createWeight("4.49 kg", refused: "weight.value", Weight(value: 4.49, unit: .kilograms)),
    createWeight("4.5 kg", refused: nil, Weight(value: 4.5, unit: .kilograms)),
    createWeight("453.6 kg", refused: nil, Weight(value: 453.6, unit: .kilograms)),
    createWeight("453.7 kg", refused: "weight.value", Weight(value: 453.7, unit: .kilograms)),
    createWeight("1 kg, fine for a glucose profile", refused: "weight.value", Weight(value: 1, unit: .kilograms)),
    createWeight("NaN kg", refused: "weight.value", Weight(value: .nan, unit: .kilograms)),
    createWeight("an unknown unit", refused: "weight.unit", Weight(value: 70, unit: "stone")),
    ValidationCase(label: "measured_at not a date", refusedField: "measured_at") {
        _ = try await $0.weightLogs.create(
            Weight(value: 70, unit: .kilograms), measuredAt: Date(timeIntervalSince1970: -.infinity))
    },
    ValidationCase(label: "five years back", refusedField: nil) {
        _ = try await $0.weightLogs.list(from: day("2021-03-10"), through: day("2021-03-10"))
    },
    ValidationCase(label: "five years and a day back", refusedField: "5 years", code: "date_range_too_large") {
        _ = try await $0.weightLogs.list(from: day("2021-03-09"), through: day("2026-03-10"))
    },
    ValidationCase(label: "an inverted range", refusedField: "start_date") {
        _ = try await $0.weightLogs.list(from: day("2026-03-10"), through: day("2026-03-09"))
    },
]

@Suite("Weight logs", suiteTimeLimit())
struct WeightLogTests {
    @Test("create posts the weight and measured_at in UTC with milliseconds")
    func createBody() async throws {
        let logs = try LogsServer()
        let log = try await logs.user().weightLogs.create(
            Weight(value: 160.2, unit: .pounds), measuredAt: utc("2026-03-10T14:00:00-08:00"))
        let request = try logs.onlyRequest()
        #expect(request.method == "POST")
        #expect(request.target == "/v1.2/weight-logs")
        #expect(request.hasHeaderValue("user-42"))
        let body = try request.jsonBody()
        #expect(Set(body.keys) == ["weight", "measured_at"])
        #expect(body["measured_at"] as? String == "2026-03-10T22:00:00.000Z")
        let weight = try #require(body["weight"] as? [String: Any])
        #expect(weight["value"] as? Double == 160.2)
        #expect(weight["unit"] as? String == "lb")
        #expect(log == WeightLog(weight: Weight(value: 72.4, unit: .kilograms), measuredAt: LogsServer.now))
    }

    @Test("create without a time is dated by January's clock, learnt from a listing's Date when not yet known")
    func createWithoutTime() async throws {
        let logs = try LogsServer()
        try await logs.user().weightLogs.create(Weight(value: 70, unit: .kilograms))
        #expect(logs.server.receivedRequests.map(\.method) == ["GET", "POST"])
        #expect(Set(try logs.callRequest().jsonBody().keys) == ["weight", "measured_at"])
    }

    @Test("list sends the days and the zone, and no unit")
    func listQuery() async throws {
        let logs = try LogsServer()
        logs.server.enqueue(
            .json(
                #"{"items": [{"date": "2026-03-01", "weight": {"value": 160, "unit": "lb"}}, "#
                    + #"{"date": "2026-03-02", "weight": {"value": 72.5, "unit": "kg"}, "new": 1}]}"#
            ))
        let result = try await logs.user(timeZone: "Europe/Paris").weightLogs.list(
            from: day("2026-03-01"), through: day("2026-03-10"))
        let request = try logs.onlyRequest()
        #expect(request.method == "GET" && request.path == "/v1.2/weight-logs")
        #expect(
            request.queryPairs == ["start_date": "2026-03-01", "end_date": "2026-03-10", "timezone": "Europe/Paris"])
        #expect(
            result == [
                DailyWeight(date: day("2026-03-01"), weight: Weight(value: 160, unit: .pounds)),
                DailyWeight(date: day("2026-03-02"), weight: Weight(value: 72.5, unit: .kilograms)),
            ])
    }

    @Test("list with instants asks for the days they fall on in the user's zone")
    func listInstants() async throws {
        let logs = try LogsServer()
        _ = try await logs.user().weightLogs.list(from: utc("2026-03-01T07:59:00Z"), through: LogsServer.now)
        let pairs = try logs.onlyRequest().queryPairs
        #expect(pairs["start_date"] == "2026-02-28")
        #expect(pairs["end_date"] == "2026-03-10")
    }

    @Test(
        "a log without its weight or time does not decode",
        arguments: [
            #"{"measured_at": "2026-03-10T01:15:00Z"}"#, #"{"weight": {"value": 70, "unit": "kg"}}"#,
            #"{"weight": {"value": 70, "unit": "kg"}, "measured_at": "10 March"}"#,
        ]
    )
    func requiredFields(json: String) {
        #expect(throws: DecodingError.self) { try Wire.decode(WeightLog.self, json) }
    }

    @Test("a log decodes an unknown unit and a time without milliseconds")
    func decoding() throws {
        let log = try Wire.decode(
            WeightLog.self, #"{"weight": {"value": 11, "unit": "st"}, "measured_at": "2026-03-10T01:15:00Z"}"#)
        #expect(log.weight.unit.rawValue == "st")
        #expect(log.measuredAt == utc("2026-03-10T01:15:00Z"))
        #expect(try JSONDecoder().decode(WeightLog.self, from: JSONEncoder().encode(log)) == log)
    }

    @Test("weights, times and ranges", arguments: weightCases)
    func rules(rule: ValidationCase) async throws {
        try await rule.check(logs: LogsServer())
    }

    @Test(
        "an invalid request is refused before any I/O, with nothing listening",
        arguments: weightCases.filter(\.isRefused))
    func refusedWithoutIO(rule: ValidationCase) async throws {
        try await rule.checkOffline()
    }
}
