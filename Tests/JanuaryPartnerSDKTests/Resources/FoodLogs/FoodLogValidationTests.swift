import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDK
import JanuaryTestServer
import Testing

/// A rule's case: the operation to run, and the field it must name when refused (`nil`: it must be sent).
struct ValidationCase: Sendable, CustomTestStringConvertible {
    let label: String
    let refusedField: String?
    var code = "invalid_request"
    let call: @Sendable (JanuaryUserClient) async throws -> Void

    var testDescription: String { label }

    /// Whether the case must be refused.
    var isRefused: Bool { refusedField != nil }

    /// Runs the case against a loopback server: a refusal must send nothing; an accepted call sends one request.
    func check(logs: LogsServer, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let user = logs.user()
        if let refusedField {
            try await requireRefusedLocally(
                code: code, naming: refusedField, outbound: logs.outbound,
                file: sourceLocation.fileID, line: sourceLocation.line
            ) {
                try await call(user)
            }
        } else {
            try await call(user)
            _ = try logs.callRequest(sourceLocation: sourceLocation)
        }
    }

    /// Runs a refused case on a client with nothing listening: a request that went out would fail as `network`,
    /// so the refusal was decided before any I/O.
    func checkOffline() async throws {
        let user = try offlineClient().forUser(PartnerUserID(rawValue: "user-42"))
        let field: String = try #require(refusedField, "\(label) is not refused")
        try await requireRefusedLocally(code: code, naming: field) { try await call(user) }
    }
}

private func food(quantity: Double) -> FoodLogInputFood {
    FoodLogInputFood(foodID: "1234567", servingID: "42", quantity: quantity)
}

private func create(_ label: String, refused field: String?, _ request: CreateFoodLogRequest) -> ValidationCase {
    ValidationCase(label: label, refusedField: field) { _ = try await $0.foodLogs.create(request) }
}

private func update(_ label: String, refused field: String?, _ request: UpdateFoodLogRequest) -> ValidationCase {
    ValidationCase(label: label, refusedField: field) { _ = try await $0.foodLogs.update(id: validLogID, request) }
}

private let foodLogCases: [ValidationCase] = [
    create("no food", refused: "foods", CreateFoodLogRequest(foods: [])),
    create("one food", refused: nil, CreateFoodLogRequest(foods: [validFood])),
    create("100 foods", refused: nil, CreateFoodLogRequest(foods: Array(repeating: validFood, count: 100))),
    create("101 foods", refused: "foods", CreateFoodLogRequest(foods: Array(repeating: validFood, count: 101))),
    create("quantity 0", refused: "foods[0].quantity", CreateFoodLogRequest(foods: [food(quantity: 0)])),
    create("quantity -1", refused: "foods[0].quantity", CreateFoodLogRequest(foods: [food(quantity: -1)])),
    create(
        "quantity NaN", refused: "foods[1].quantity", CreateFoodLogRequest(foods: [validFood, food(quantity: .nan)])),
    create("quantity infinite", refused: "foods[0].quantity", CreateFoodLogRequest(foods: [food(quantity: .infinity)])),
    create("quantity tiny", refused: nil, CreateFoodLogRequest(foods: [food(quantity: 0.000_001)])),
    create("quantity 10000", refused: nil, CreateFoodLogRequest(foods: [food(quantity: 10_000)])),
    create(
        "quantity above 10000", refused: "foods[0].quantity", CreateFoodLogRequest(foods: [food(quantity: 10_000.01)])),
    create(
        "malformed food id", refused: "foods[0].foodID",
        CreateFoodLogRequest(foods: [FoodLogInputFood(foodID: "banana", servingID: "42", quantity: 1)])
    ),
    create(
        "malformed serving id", refused: "foods[0].servingID",
        CreateFoodLogRequest(foods: [FoodLogInputFood(foodID: "1", servingID: "042", quantity: 1)])
    ),
    create(
        "name of 256", refused: nil, CreateFoodLogRequest(foods: [validFood], name: String(repeating: "a", count: 256))),
    create(
        "name of 257", refused: "name",
        CreateFoodLogRequest(foods: [validFood], name: String(repeating: "a", count: 257))
    ),
    create(
        "name of 256 scalars in 128 characters", refused: nil,
        CreateFoodLogRequest(foods: [validFood], name: String(repeating: "e\u{301}", count: 128))
    ),
    create(
        "name of 257 scalars", refused: "name",
        CreateFoodLogRequest(foods: [validFood], name: String(repeating: "e\u{301}", count: 128) + "!")
    ),
    create("empty name", refused: nil, CreateFoodLogRequest(foods: [validFood], name: "")),
    create(
        "eaten_at not a date", refused: "eaten_at",
        CreateFoodLogRequest(foods: [validFood], eatenAt: Date(timeIntervalSince1970: .nan))
    ),
    update("update changing nothing", refused: "at least one", UpdateFoodLogRequest()),
    update("update of the name", refused: nil, UpdateFoodLogRequest(name: "Lunch")),
    update("update of the time", refused: nil, UpdateFoodLogRequest(eatenAt: LogsServer.now)),
    update("update to no food", refused: "foods", UpdateFoodLogRequest(foods: [])),
    update("update to 100 foods", refused: nil, UpdateFoodLogRequest(foods: Array(repeating: validFood, count: 100))),
    update(
        "update to 101 foods", refused: "foods", UpdateFoodLogRequest(foods: Array(repeating: validFood, count: 101))),
    update(
        "update with a bad quantity", refused: "foods[0].quantity", UpdateFoodLogRequest(foods: [food(quantity: 0)])),
    update("update with a long name", refused: "name", UpdateFoodLogRequest(name: String(repeating: "a", count: 257))),
]

private func list(_ start: String, _ end: String, refused field: String?, code: String = "invalid_request")
    -> ValidationCase
{
    ValidationCase(label: "list \(start) through \(end)", refusedField: field, code: code) {
        _ = try await $0.foodLogs.list(from: day(start), through: day(end))
    }
}

private func summary(_ start: String, _ end: String, refused field: String?, code: String = "invalid_request")
    -> ValidationCase
{
    ValidationCase(label: "summary \(start) through \(end)", refusedField: field, code: code) {
        _ = try await $0.foodLogs.summary(FoodLogSummaryRequest(from: day(start), through: day(end), groupBy: .week))
    }
}

private let rangeCases: [ValidationCase] = [
    list("2026-03-10", "2026-03-10", refused: nil),
    list("2026-01-10", "2026-03-10", refused: nil),  // 60 days, both included
    list("2026-01-09", "2026-03-10", refused: "60 days", code: "date_range_too_large"),
    list("2028-01-01", "2028-02-29", refused: nil),  // 60 days across a leap day
    list("2027-12-31", "2028-02-29", refused: "60 days", code: "date_range_too_large"),
    list("2026-03-11", "2026-03-10", refused: "start_date"),
    list("2020-01-01", "2020-01-02", refused: nil),  // food logs have no lookback limit
    summary("2025-03-11", "2026-03-11", refused: nil),  // 366 days
    summary("2025-03-10", "2026-03-11", refused: "366 days", code: "date_range_too_large"),
    summary("2027-03-01", "2028-02-29", refused: nil),  // 366 days with a leap day
    summary("2027-02-28", "2028-02-29", refused: "366 days", code: "date_range_too_large"),
    summary("2026-03-11", "2026-03-10", refused: "start_date"),
]

private let idCases: [ValidationCase] = [
    ValidationCase(label: "get with a non-UUID", refusedField: "log_id") { _ = try await $0.foodLogs.get(id: "123") },
    ValidationCase(label: "get with an empty id", refusedField: "log_id") { _ = try await $0.foodLogs.get(id: "") },
    ValidationCase(label: "get with a path", refusedField: "log_id") {
        _ = try await $0.foodLogs.get(id: "../credits")
    },
    ValidationCase(label: "update with a non-UUID", refusedField: "log_id") {
        _ = try await $0.foodLogs.update(id: "3f2b9c1e", UpdateFoodLogRequest(name: "x"))
    },
    ValidationCase(label: "delete with a non-UUID", refusedField: "log_id") {
        try await $0.foodLogs.delete(id: "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7")
    },
    ValidationCase(label: "delete with an upper-case UUID", refusedField: nil) {
        try await $0.foodLogs.delete(id: "3F2B9C1E-8D4A-4E6F-9B7A-2C1D0E5F6A7B")
    },
]

@Suite("Food log validation", suiteTimeLimit())
struct FoodLogValidationTests {
    @Test("foods, quantities, names and updates", arguments: foodLogCases)
    func bodies(rule: ValidationCase) async throws {
        try await rule.check(logs: LogsServer())
    }

    @Test("list and summary spans", arguments: rangeCases)
    func spans(rule: ValidationCase) async throws {
        try await rule.check(logs: LogsServer())
    }

    @Test("log identifiers must be UUIDs", arguments: idCases)
    func identifiers(rule: ValidationCase) async throws {
        try await rule.check(logs: LogsServer())
    }

    @Test(
        "an invalid request is refused before any I/O, with nothing listening",
        arguments: (foodLogCases + rangeCases + idCases).filter(\.isRefused))
    func refusedWithoutIO(rule: ValidationCase) async throws {
        try await rule.checkOffline()
    }

    @Test("the user ID is checked before the request")
    func userBeforeRequest() async throws {
        let user = try offlineClient().forUser(PartnerUserID(rawValue: ""))
        try await requireRefusedLocally(code: "invalid_end_user_id", naming: "PartnerUserID") {
            _ = try await user.foodLogs.create(CreateFoodLogRequest(foods: []))
        }
        try await requireRefusedLocally(code: "invalid_end_user_id", naming: "PartnerUserID") {
            _ = try await user.foodLogs.list(from: day("2026-03-10"), through: day("2026-01-01"))
        }
        try await requireRefusedLocally(code: "invalid_end_user_id", naming: "PartnerUserID") {
            _ = try await user.foodLogs.get(id: "nope")
        }
    }
}
