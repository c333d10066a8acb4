import Foundation
import JanuaryPartnerSDK

/// How the review sheet logs the meal when the user taps "Log": by default `user.foodLogs.create`, which logs a
/// meal once however the network behaves; or a function of your own, such as a durable queue that stores the meal
/// on the device and sends it later.
///
/// The sheet calls it once per "Log" (`MealReviewLogTests`), and again only after a failure whose
/// `JanuaryError.recovery` says a retry is safe; never after one that may have taken effect.
public struct MealLogger: Sendable {
    let log: @Sendable (CreateFoodLogRequest) async throws -> FoodLog?

    /// A logger of your own.
    ///
    /// - Parameter log: Logs the meal. Return January's log, or `nil` when the meal was accepted to be sent later
    ///   (the sheet then reports it with ``LoggedMeal/log`` `nil`). Throw a `JanuaryError` for the sheet to explain
    ///   by its `recovery`; set its `mayHaveTakenEffect` when the meal may be stored although the call failed.
    ///   Any other error is taken as one that may have taken effect, so that the sheet never offers to log the
    ///   meal twice.
    public init(_ log: @escaping @Sendable (CreateFoodLogRequest) async throws -> FoodLog?) {
        self.log = log
    }

    /// Logs with `user.foodLogs.create(_:)`: exactly once, settling a lost answer before it resends (which may
    /// take up to 150 seconds after the answer was lost).
    ///
    /// - Parameter user: The user whose log the meal goes to.
    /// - Returns: The logger.
    public static func foodLogs(of user: JanuaryUserClient) -> MealLogger {
        MealLogger { request in try await user.foodLogs.create(request) }
    }

    /// Logs through the outbox with `user.foodLogs.log(_:)`: the meal is on the device when the sheet reports it
    /// logged, and January gets it once, when it can (Docs/OfflineLogging.md), so "Log" works offline too. The
    /// sheet reports it with ``LoggedMeal/log`` `nil`; follow the outbox's changes for January's log.
    ///
    /// - Parameter user: The user whose log the meal goes to.
    /// - Returns: The logger.
    public static func outbox(of user: JanuaryUserClient) -> MealLogger {
        MealLogger { request in
            try user.foodLogs.log(request)
            return nil
        }
    }
}
