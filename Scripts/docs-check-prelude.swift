// Stubs for the names that guide fragments use without introducing them (Scripts/docs-check.sh compiles the
// blocks marked `<!-- docs-check: fragment -->` with this file beside them, in a target of their own). Nothing
// here runs: the blocks are only compiled. Keep it to names a guide introduced earlier, or that stand for the
// app's own code, declared as the guide uses them.
import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKHealth
import JanuaryTestServer

// The client and user of Getting started and Logging for a user.
let january = try! JanuaryPartnerClient(developmentAPIKey: "sk-docs-check")
let user = january.forUser(PartnerUserID(rawValue: "user-42"))
let provider: @Sendable () async throws -> JanuaryClientToken = { JanuaryClientToken(value: "ct-x", expiresIn: 3600) }
let apiKey = "sk-docs-check"
let simulator = try! JanuaryAPISimulator()
let server = try! LoopbackHTTPServer()

// The Health guide's mirror and predictor. Their store is HealthKitStore on Apple platforms, which Linux does not
// have, so a stand-in takes its place here.
struct StandInHealthStore: HealthMirrorStore, GlucoseHistorySource {
    func requestAuthorization(toWrite write: Set<HealthDataType>, toRead read: Set<HealthDataType>) async throws {}
    func authorizedToWrite(_ types: Set<HealthDataType>) -> Set<HealthDataType> { types }
    func mirroredEntries(of type: HealthDataType, syncIdentifiers: Set<String>) async throws -> [HealthStoredEntry] {
        []
    }
    func save(_ entry: HealthEntry) async throws {}
    func delete(_ entries: [HealthStoredEntry]) async throws {}
    func glucoseReadings(from start: Date, to end: Date) async throws -> [HealthGlucoseReading] { [] }
}
let mirror = HealthLogMirror(kinds: [.foodLogs, .waterLogs], store: StandInHealthStore())
let predictor = HealthGlucosePredictor(source: StandInHealthStore())

// The app's own session, screens and logging.
/// The app's own sign-in session, whose token may need a refresh over the network first.
actor AppSession {
    func currentToken() async throws -> String { "session" }
}
let session = AppSession()
/// The app's own backend, which mints January client tokens with its API key.
actor AppBackend {
    func januaryToken() async throws -> JanuaryClientToken { JanuaryClientToken(value: "ct-x", expiresIn: 3600) }
}
let backend = AppBackend()
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
func showSignIn() {}
func showUpgradeScreen() {}
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
let heicData = Data()
let photo = FoodPhoto.image(Data(), contentType: .jpeg)
let photoTakenAt = Date()
let breakfastTime = Date()
let scan = FoodScan(detections: [])
let food = try! JSONDecoder().decode(Food.self, from: Data(#"{"id": "1001", "servings": []}"#.utf8))
let oats = food
let restaurant = try! JSONDecoder().decode(Restaurant.self, from: Data(#"{"id": "r-1"}"#.utf8))
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
let today = try! user.today()
final class Chart: @unchecked Sendable {  // a stand-in for the app's chart view; never used at run time
    var yRange: ClosedRange<Double> = 0...1
    func add(x: Date, y: Double) {}
}
let chart = Chart()
final class Badge: @unchecked Sendable {  // a stand-in for the app's label; never used at run time
    var text = ""
}
let badge = Badge()
