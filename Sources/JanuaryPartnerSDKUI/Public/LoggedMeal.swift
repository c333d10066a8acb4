import Foundation
import JanuaryPartnerSDK

/// What the review sheet logged: the request as the user confirmed it, and January's log.
public struct LoggedMeal: Sendable, Hashable {
    /// The foods with the servings and quantities the user chose, the time (`nil`: when January received it) and
    /// the name.
    public let request: CreateFoodLogRequest

    /// The log January stored, or `nil` when a ``MealLogger`` of your own accepted the meal to send it later.
    public let log: FoodLog?

    /// Creates a logged meal, for previews and tests.
    ///
    /// - Parameters:
    ///   - request: What was logged.
    ///   - log: January's log, or `nil`.
    public init(request: CreateFoodLogRequest, log: FoodLog?) {
        self.request = request
        self.log = log
    }
}
