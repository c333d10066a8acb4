/// How a review sheet presented by `JanuaryMealLogger` ended: with a log, or without one.
public enum MealReviewOutcome: Sendable, Hashable {
    /// The meal was logged (or, with a logger of your own, accepted to be sent later: ``LoggedMeal/log`` is `nil`).
    case logged(LoggedMeal)
    /// The sheet ended without a confirmed log: the user cancelled or closed it (or the voice capture or scanner
    /// before it), it was dismissed, or your task was cancelled. Check
    /// ``MealReviewCancellation/mayHaveBeenLogged`` before offering to log the meal again.
    case cancelled(MealReviewCancellation)

    /// The logged meal, or `nil` when the sheet ended without a log.
    public var loggedMeal: LoggedMeal? {
        if case .logged(let meal) = self { meal } else { nil }
    }

    /// How the sheet ended without a log, or `nil` when it logged the meal.
    public var cancellation: MealReviewCancellation? {
        if case .cancelled(let cancellation) = self { cancellation } else { nil }
    }
}
