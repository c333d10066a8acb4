import Foundation
import JanuaryPartnerSDK

/// The app's logging screen model: the user describes a meal in words, the app logs it for them and shows the
/// day's calories.
public struct BreakfastLogger: Sendable {
    private let january: JanuaryPartnerClient
    private let user: JanuaryUserClient

    /// Creates the model for one signed-in user.
    public init(january: JanuaryPartnerClient, userID: String, timeZone: TimeZone) {
        self.january = january
        self.user = january.forUser(PartnerUserID(rawValue: userID), timeZone: timeZone)
    }

    /// Analyses `description`, logs what January recognised at `eatenAt`, and returns the log.
    public func log(_ description: String, eatenAt: Date) async throws -> FoodLog {
        let scan = try await january.foodAnalysis.analyzeDescription(description)
        return try await user.foodLogs.create(CreateFoodLogRequest(scan: scan, eatenAt: eatenAt, name: "Breakfast"))
    }

    /// The calories logged on `day`, rounded, for the screen's header.
    public func calories(on day: JanuaryDate) async throws -> Int {
        let logs = try await user.foodLogs.list(from: day, through: day)
        let total = NutritionFacts.sum(logs.map(\.totals)).calories?.value ?? 0
        return Int(total.rounded())
    }
}
