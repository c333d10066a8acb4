import Foundation
import JanuaryPartnerSDK

/// How the review sheet ended without a confirmed log: the user cancelled, the sheet was dismissed, or a log's
/// outcome could not be known.
public struct MealReviewCancellation: Sendable, Hashable {
    /// The meal the sheet was logging when its outcome became unknown (a failure that may have taken effect, or a
    /// cancel while the log was in flight); `nil` when nothing was sent.
    ///
    /// When it is set, the meal may be in the user's log: list the user's day (its `eatenAt`, or today when that is
    /// `nil`) and look for it before offering to log it again.
    public let unconfirmedRequest: CreateFoodLogRequest?

    /// Whether the meal may have been logged: ``unconfirmedRequest`` is set.
    public var mayHaveBeenLogged: Bool {
        unconfirmedRequest != nil
    }

    /// Creates a cancellation, for previews and tests.
    ///
    /// - Parameter unconfirmedRequest: The meal that may have been logged, or `nil`.
    public init(unconfirmedRequest: CreateFoodLogRequest? = nil) {
        self.unconfirmedRequest = unconfirmedRequest
    }
}
