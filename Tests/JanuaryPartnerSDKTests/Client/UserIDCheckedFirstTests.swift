import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDK
import Testing

/// Every per-user operation, called with an unusable user ID *and* input of its own that would be refused: the
/// user ID, checked in one place before the operation's own checks, must be what is reported.
@Suite("The user ID is checked first, by every user operation", suiteTimeLimit())
struct UserIDCheckedFirstTests {
    struct Operation: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let call: @Sendable (JanuaryUserClient) async throws -> Void
    }

    static let inverted = (start: day("2026-03-10"), end: day("2026-01-01"))
    static let notAnInstant = Date(timeIntervalSince1970: .nan)

    static let operations: [Operation] = [
        Operation(testDescription: "foodLogs.create with no food") {
            _ = try await $0.foodLogs.create(CreateFoodLogRequest(foods: []))
        },
        Operation(testDescription: "foodLogs.list with an inverted range") {
            _ = try await $0.foodLogs.list(from: inverted.start, through: inverted.end)
        },
        Operation(testDescription: "foodLogs.list with instants that are not dates") {
            _ = try await $0.foodLogs.list(from: notAnInstant, through: notAnInstant)
        },
        Operation(testDescription: "foodLogs.summary with an inverted range") {
            _ = try await $0.foodLogs.summary(FoodLogSummaryRequest(from: inverted.start, through: inverted.end))
        },
        Operation(testDescription: "foodLogs.get with an id that is not a UUID") {
            _ = try await $0.foodLogs.get(id: "nope")
        },
        Operation(testDescription: "foodLogs.update with an id that is not a UUID and no change") {
            _ = try await $0.foodLogs.update(id: "nope", UpdateFoodLogRequest())
        },
        Operation(testDescription: "foodLogs.delete with an id that is not a UUID") {
            try await $0.foodLogs.delete(id: "nope")
        },
        Operation(testDescription: "waterLogs.create with a negative amount") {
            _ = try await $0.waterLogs.create(.milliliters(-1))
        },
        Operation(testDescription: "waterLogs.list with an inverted range") {
            _ = try await $0.waterLogs.list(from: inverted.start, through: inverted.end)
        },
        Operation(testDescription: "waterLogs.list with instants that are not dates") {
            _ = try await $0.waterLogs.list(from: notAnInstant, through: notAnInstant)
        },
        Operation(testDescription: "waterLogs.total with an unknown unit") {
            _ = try await $0.waterLogs.total(on: inverted.start, unit: "gallon")
        },
        Operation(testDescription: "waterLogs.delete with an id that is not a UUID") {
            try await $0.waterLogs.delete(id: "nope")
        },
        Operation(testDescription: "weightLogs.create with no weight") {
            _ = try await $0.weightLogs.create(Weight(value: 0, unit: .kilograms))
        },
        Operation(testDescription: "weightLogs.list with an inverted range") {
            _ = try await $0.weightLogs.list(from: inverted.start, through: inverted.end)
        },
        Operation(testDescription: "weightLogs.list with instants that are not dates") {
            _ = try await $0.weightLogs.list(from: notAnInstant, through: notAnInstant)
        },
    ]

    @Test("an unusable user ID is reported before the operation's own input", arguments: operations)
    func userIDFirst(_ operation: Operation) async throws {
        let client = try offlineClient()
        for rawValue in ["", "someone@example.com"] {
            // An email-like ID is personal data: the refusal must not repeat it.
            try await requireRefusedLocally(
                code: "invalid_end_user_id", naming: "PartnerUserID", hiding: rawValue.isEmpty ? [] : [rawValue]
            ) {
                try await operation.call(client.forUser(PartnerUserID(rawValue: rawValue)))
            }
        }
    }

    @Test("with a usable user ID, the same input is refused for its own fault", arguments: operations)
    func inputRefusedOtherwise(_ operation: Operation) async throws {
        let user = try offlineClient().forUser(PartnerUserID(rawValue: "user-42"))
        try await requireRefusedLocally { try await operation.call(user) }
    }
}
