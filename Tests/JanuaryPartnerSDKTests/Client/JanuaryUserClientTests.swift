import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDK
import JanuaryTestServer
import Testing

/// Every per-user operation, with otherwise valid arguments, so that only the user ID can make it fail.
private let everyOperation: [(name: String, call: @Sendable (JanuaryUserClient) async throws -> Void)] = [
    ("foodLogs.create", { _ = try await $0.foodLogs.create(CreateFoodLogRequest(foods: [validFood])) }),
    ("foodLogs.list", { _ = try await $0.foodLogs.list(from: day("2026-03-01"), through: day("2026-03-10")) }),
    ("foodLogs.list(on:)", { _ = try await $0.foodLogs.list(on: day("2026-03-10")) }),
    ("foodLogs.list(Date)", { _ = try await $0.foodLogs.list(from: LogsServer.now, through: LogsServer.now) }),
    (
        "foodLogs.summary",
        {
            _ = try await $0.foodLogs.summary(
                FoodLogSummaryRequest(from: day("2026-03-01"), through: day("2026-03-10")))
        }
    ),
    ("foodLogs.get", { _ = try await $0.foodLogs.get(id: validLogID) }),
    ("foodLogs.update", { _ = try await $0.foodLogs.update(id: validLogID, UpdateFoodLogRequest(name: "Lunch")) }),
    ("foodLogs.delete", { try await $0.foodLogs.delete(id: validLogID) }),
    ("waterLogs.create", { _ = try await $0.waterLogs.create(.milliliters(250)) }),
    ("waterLogs.list", { _ = try await $0.waterLogs.list(from: day("2026-03-01"), through: day("2026-03-10")) }),
    ("waterLogs.list(Date)", { _ = try await $0.waterLogs.list(from: LogsServer.now, through: LogsServer.now) }),
    ("waterLogs.total", { _ = try await $0.waterLogs.total(on: day("2026-03-10")) }),
    ("waterLogs.delete", { try await $0.waterLogs.delete(id: "5c0a3e2f-1b7d-4c9e-8f6a-0d2b4e6f8a1c") }),
    ("weightLogs.create", { _ = try await $0.weightLogs.create(Weight(value: 72, unit: .kilograms)) }),
    ("weightLogs.list", { _ = try await $0.weightLogs.list(from: day("2026-03-01"), through: day("2026-03-10")) }),
    ("weightLogs.list(Date)", { _ = try await $0.weightLogs.list(from: LogsServer.now, through: LogsServer.now) }),
]

let validFood = FoodLogInputFood(foodID: "1234567", servingID: "42", quantity: 1)
let validLogID: FoodLogID = "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b"

@Suite("JanuaryUserClient", suiteTimeLimit())
struct JanuaryUserClientTests {
    @Test("forUser keeps the user and zone, defaulting to the device's zone")
    func forUserKeepsItsArguments() throws {
        let client = try offlineClient()
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let user = client.forUser(PartnerUserID(rawValue: "user-42"), timeZone: paris)
        #expect(user.userID.rawValue == "user-42")
        #expect(user.timeZone.identifier == "Europe/Paris")
        #expect(client.forUser(PartnerUserID(rawValue: "user-42")).timeZone == TimeZone.current)
    }

    @Test(
        "an invalid user ID is refused by every operation before any I/O",
        arguments: everyOperation.indices
    )
    func invalidUserIDIsRefusedEverywhere(index: Int) async throws {
        let operation = everyOperation[index]
        for raw in ["", "   ", "jane@example.com", "line\nbreak", String(repeating: "x", count: 300)] {
            // Nothing listens on the offline client's port: a request that went out would fail as `network`.
            let offline = try offlineClient().forUser(PartnerUserID(rawValue: raw))
            try await requireRefusedLocally(code: "invalid_end_user_id", naming: "PartnerUserID") {
                try await operation.call(offline)
            }

            let logs = try LogsServer()
            try await requireRefusedLocally(
                code: "invalid_end_user_id", naming: "PartnerUserID", outbound: logs.outbound
            ) {
                try await operation.call(logs.user(raw))
            }
        }
    }

    @Test("every operation sends the user's ID, raw, when it is valid", arguments: everyOperation.indices)
    func validUserIDIsSent(index: Int) async throws {
        let logs = try LogsServer()
        try await everyOperation[index].call(logs.user("user-42"))
        _ = try logs.callRequest()
        for request in logs.server.receivedRequests {
            #expect(request.hasHeaderValue("user-42"), "\(everyOperation[index].name)")
            #expect(request.value(forHeader: "Authorization") == "Bearer sk-test")
        }
    }

    @Test(
        "the zone travels by its IANA name; a whole-hour offset as its Etc/GMT name",
        arguments: [
            (TimeZone(identifier: "America/Los_Angeles")!, "America/Los_Angeles"),
            (TimeZone(identifier: "Asia/Kolkata")!, "Asia/Kolkata"),
            (TimeZone(identifier: "Europe/Paris")!, "Europe/Paris"),
            (TimeZone(secondsFromGMT: 3600)!, "Etc/GMT-1"),
            (TimeZone(secondsFromGMT: -7 * 3600)!, "Etc/GMT+7"),
            (TimeZone(secondsFromGMT: 14 * 3600)!, "Etc/GMT-14"),
            (TimeZone(secondsFromGMT: -12 * 3600)!, "Etc/GMT+12"),
        ]
    )
    func timeZoneTravelsByName(zone: TimeZone, expected: String) async throws {
        let logs = try LogsServer()
        let user = logs.client.forUser(PartnerUserID(rawValue: "user-42"), timeZone: zone)
        _ = try await user.foodLogs.list(on: day("2026-03-10"))
        #expect(try logs.onlyRequest().queryPairs["timezone"] == expected)
    }

    @Test("a fixed offset without an IANA name is refused before sending")
    func offsetWithoutNameIsRefused() async throws {
        let logs = try LogsServer()
        let user = logs.client.forUser(PartnerUserID(rawValue: "user-42"), timeZone: TimeZone(secondsFromGMT: 19_800)!)
        try await requireRefusedLocally(naming: "timezone", outbound: logs.outbound) {
            _ = try await user.foodLogs.list(on: day("2026-03-10"))
        }
        try await requireRefusedLocally(naming: "timezone", outbound: logs.outbound) {
            _ = try await user.waterLogs.total(on: day("2026-03-10"))
        }
    }
}
