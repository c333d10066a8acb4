import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKUI
import JanuaryTestServer
import PartnerAppScanner
import Testing

@Suite("The UIKit meal screen's line for how the review sheet ended", suiteTimeLimit())
struct MealLoggingExampleTests {
    @Test("a log, a cancel with nothing sent and a cancel that may have logged each get their line")
    func summary() throws {
        let january = try ScannerExample.simulatedClient()
        let user = MealLoggingExample.user(of: january)
        #expect(user.userID.rawValue == JanuaryAPISimulator.defaultEndUserID)
        let request = CreateFoodLogRequest(foods: [], name: "Breakfast")
        let logged = MealReviewOutcome.logged(LoggedMeal(request: request, log: nil))
        #expect(MealLoggingExample.summary(of: logged) == "Logged 0 foods.")
        #expect(MealLoggingExample.summary(of: .cancelled(MealReviewCancellation())) == "Nothing logged.")
        let unsure = MealReviewOutcome.cancelled(MealReviewCancellation(unconfirmedRequest: request))
        #expect(MealLoggingExample.summary(of: unsure).hasPrefix("This meal may have been logged"))
    }
}
