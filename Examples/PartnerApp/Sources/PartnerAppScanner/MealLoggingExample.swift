import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKUI
import JanuaryTestServer

/// What the UIKit "log a meal" screen shows for how January's review sheet ended, and the user it logs for.
public enum MealLoggingExample {
    /// The simulator's user, whose food log the example's meals go to.
    public static func user(of january: JanuaryPartnerClient) -> JanuaryUserClient {
        january.forUser(PartnerUserID(rawValue: JanuaryAPISimulator.defaultEndUserID))
    }

    /// The line the screen shows for a review sheet's outcome.
    public static func summary(of outcome: MealReviewOutcome) -> String {
        switch outcome {
        case .logged(let meal):
            let foods = meal.request.foods.count
            return "Logged \(foods) \(foods == 1 ? "food" : "foods")."
        case .cancelled(let cancellation) where cancellation.mayHaveBeenLogged:
            return "This meal may have been logged: check today's log before logging it again."
        case .cancelled:
            return "Nothing logged."
        }
    }
}
