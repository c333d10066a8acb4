// Stubs for the names that guide fragments use without introducing them (Scripts/docs-check.sh compiles the
// blocks marked `<!-- docs-check: fragment -->` with this file beside them, in a target of their own). Nothing
// here runs: the blocks are only compiled. Keep it to names a guide introduced earlier, or that stand for the
// app's own code, declared as the guide uses them.
import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer

// The client and user of Getting started and Logging for a user.
let january = try! JanuaryPartnerClient(developmentAPIKey: "sk-docs-check")
let user = january.forUser(PartnerUserID(rawValue: "user-42"))
let provider: @Sendable () async throws -> JanuaryClientToken = { JanuaryClientToken(value: "ct-x", expiresIn: 3600) }
let apiKey = "sk-docs-check"
let simulator = try! JanuaryAPISimulator()

// The app's own session, screens and logging.
/// The app's own sign-in session, whose token may need a refresh over the network first.
actor AppSession {
    func currentToken() async throws -> String { "session" }
}
let session = AppSession()
struct Account: Sendable {
    let id: String
    let timeZone: TimeZone
}
let account = Account(id: "user-42", timeZone: .current)
struct Logger: Sendable {
    func debug(_ message: String) {}
}
let logger = Logger()
func show(_ value: Any) {}
func signInAgain() async {}
func showTryAgain(after seconds: TimeInterval?) {}
func showOfflineBanner() {}
func showNotInCatalogue() {}
func showNothingRecognised() {}
func showMonthlyLimitReached() {}
func showMessage(_ sentence: String) {}
func reloadDay() async {}
func report(_ error: any Error) {}
final class Counter: Sendable {
    func next() -> Int { 1 }
}

// Values an earlier step of a guide produced.
let query = "banana"
let scannedCode = "012345678905"
let jpegData = Data()
let pngData = Data()
let photo = FoodPhoto.image(Data(), contentType: .jpeg)
let photoTakenAt = Date()
let scan = FoodScan(detections: [])
let food = try! JSONDecoder().decode(Food.self, from: Data(#"{"id": "1001", "servings": []}"#.utf8))
let oats = food
nonisolated(unsafe) var menu: [RestaurantMenuItem] = []
let profile = GlucosePredictionProfile(
    age: 40, sex: .female, height: Height(value: 165, unit: .centimeters), weight: Weight(value: 60, unit: .kilograms),
    activityLevel: .moderatelyActive
)
let meal: [FoodLogInputFood] = []
let start = Date()
let readingsFromHealthKit: [CGMReading] = []
struct PastMeal: Sendable {
    let date: Date
    let entries: [FoodLogInputFood]
}
let pastMeals: [PastMeal] = []
let bottleFinishedAt = Date()
let today = JanuaryDate.today(in: .current)
final class Chart: @unchecked Sendable {  // a stand-in for the app's chart view; never used at run time
    var yRange: ClosedRange<Double> = 0...1
    func add(x: Date, y: Double) {}
}
let chart = Chart()
final class Badge: @unchecked Sendable {  // a stand-in for the app's label; never used at run time
    var text = ""
}
let badge = Badge()
