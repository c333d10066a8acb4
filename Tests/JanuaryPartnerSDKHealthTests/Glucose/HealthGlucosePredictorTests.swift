import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import JanuaryTestServer
import Testing

@testable import JanuaryPartnerSDKHealth

/// A personalised prediction end to end: a synthetic Health window, the user's food logs in the simulator, the
/// selection and the five-day rule on the device, and `predictGlucose` answered by the simulator in process, which
/// enforces the rule itself.
@Suite("Personalised glucose prediction from Health to the simulator", suiteTimeLimit())
struct HealthGlucosePredictorTests {
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let user = PartnerUserID(rawValue: "user-42")
    static let profile = GlucosePredictionProfile(
        age: 45, sex: .female, height: Height(value: 165, unit: .centimeters),
        weight: Weight(value: 68, unit: .kilograms))
    static let rice = FoodLogInputFood(foodID: "1006", servingID: "5012", quantity: 1)

    /// The meal: 2026-01-15 08:00 in Los Angeles (16:00 UTC).
    static let breakfast = Date(timeIntervalSince1970: 1_768_492_800)

    /// A simulator whose clock reads an hour after breakfast, with the user's lunches of the `days` days before it,
    /// and a client for the user.
    static func world(lunches days: Int) throws -> (JanuaryAPISimulator, JanuaryUserClient) {
        let now = breakfast.addingTimeInterval(3_600)
        let simulator = JanuaryAPISimulator.inProcess(now: { now })
        for day in stride(from: 1, through: days, by: 1) {
            let noon = try JanuaryDate(breakfast, in: losAngeles).advanced(by: -day).start(in: losAngeles)
                .addingTimeInterval(12 * 3_600)
            _ = try simulator.seedFoodLog(
                endUserID: user.rawValue, name: "Lunch", eatenAt: noon,
                foods: [.init(foodID: "1004", quantity: 1.5), .init(foodID: "1003")])
        }
        let january = try JanuaryPartnerClient.simulated(simulator, user: user) { $0.retryPolicy = .none }
        return (simulator, january.forUser(user, timeZone: losAngeles))
    }

    /// What a CGM writes to Health over the `days` whole days before breakfast: a reading every five minutes in
    /// mmol/L, plus noise a real window has (a second source, a sensor error, readings after the meal).
    static func healthWindow(days: Int) throws -> [HealthGlucoseReading] {
        let first = try JanuaryDate(breakfast, in: losAngeles).advanced(by: -days).start(in: losAngeles)
        var readings = stride(from: first, to: breakfast, by: 300).enumerated().map { index, date in
            HealthGlucoseReading(date: date, value: 5.5 + Double(index % 7) / 10, unit: .millimolesPerLiter)
        }
        readings.append(
            HealthGlucoseReading(date: first.addingTimeInterval(60), value: 250, unit: .milligramsPerDeciliter))
        readings.append(
            HealthGlucoseReading(date: first.addingTimeInterval(120), value: 0.2, unit: .millimolesPerLiter))
        readings.append(
            HealthGlucoseReading(date: breakfast.addingTimeInterval(600), value: 9, unit: .millimolesPerLiter))
        return readings
    }

    static func source(_ readings: [HealthGlucoseReading]) -> RecordingHealthStore {
        let store = RecordingHealthStore()
        store.state.withLock { $0.readings = readings }
        return store
    }

    @Test("authorisation asks to read blood glucose, and nothing else")
    func authorisation() async throws {
        let store = RecordingHealthStore()
        try await HealthGlucosePredictor(source: store).requestAuthorization()
        #expect(store.calls == [.requestAuthorization(write: [], read: [.bloodGlucose])])
    }

    @Test("a week of Health and logged lunches gives a prediction personalised with exactly that history")
    func personalised() async throws {
        let (simulator, user) = try Self.world(lunches: 7)
        let store = Self.source(try Self.healthWindow(days: 7))
        let predictor = HealthGlucosePredictor(source: store)
        let request = PredictGlucoseRequest(
            profile: Self.profile, foods: [Self.rice], startTime: Self.breakfast, timeZone: Self.losAngeles)
        let result = try await withDeadline("the prediction") {
            try await predictor.predict(request, for: user, historyDays: 7)
        }
        guard case .predicted(let prediction, let history) = result else {
            Issue.record("not predicted: \(result)")
            return
        }
        // 7 days of 96 windows, the first reading of each (every third five-minute reading), before breakfast's day;
        // breakfast's day up to 08:00 adds 32.
        #expect(history.cgmReadings.count == 7 * 96 + 32)
        #expect(history.coverage.completeDays == 7)
        #expect(history.coverage.days.count == 8)
        #expect(history.consumedFoods.count == 14)
        #expect(Set(history.consumedFoods.map(\.foodID)) == ["1004", "1003"])
        #expect(history.consumedFoods.contains { $0.quantity == 1.5 && $0.servingID == "5008" })
        #expect(history.discarded.readingsOutOfRange == 1)
        #expect(history.discarded.readingsInSameWindow == 2 * (7 * 96 + 32) + 1)
        #expect(history.discarded.readingsOutsidePeriod == 1)
        #expect(history.cgmReadings.allSatisfy { (10...600).contains($0.value) && $0.timestamp < Self.breakfast })
        // The simulator's baseline is the mean of the readings it was sent, to 0.1 mg/dL.
        let mean = history.cgmReadings.map(\.value).reduce(0, +) / Double(history.cgmReadings.count)
        #expect(prediction.points.first?.value == (mean * 10).rounded() / 10)
        #expect(prediction.points.first?.value != 95)
        #expect(simulator.requestLog.compactMap(\.operation) == ["listFoodLogs", "predictGlucose"])
        #expect(simulator.requestLog.last?.status == 200)
        let periodStart = try JanuaryDate("2026-01-08").start(in: Self.losAngeles)
        #expect(store.calls == [.glucose(periodStart, Self.breakfast)])
    }

    @Test("three days of history is the typed outcome \"3 of 5\", and nothing is sent to January")
    func thinHistory() async throws {
        let (simulator, user) = try Self.world(lunches: 14)
        let predictor = HealthGlucosePredictor(source: Self.source(try Self.healthWindow(days: 3)))
        let request = PredictGlucoseRequest(
            profile: Self.profile, foods: [Self.rice], startTime: Self.breakfast, timeZone: Self.losAngeles)
        let result = try await withDeadline("the prediction") { try await predictor.predict(request, for: user) }
        guard case .needsMoreHistory(let coverage) = result else {
            Issue.record("predicted with thin history: \(result)")
            return
        }
        #expect(coverage.completeDays == 3)
        #expect(coverage.requiredDays == 5)
        #expect(coverage.description == "3 of 5 complete days")
        #expect(coverage.days.count == 15)
        #expect(coverage.days.filter { $0.foodsEaten > 0 }.count == 14)
        #expect(simulator.requestLog.compactMap(\.operation) == ["listFoodLogs"])
    }

    @Test("readings without logged meals are not history either")
    func readingsWithoutMeals() async throws {
        let (simulator, user) = try Self.world(lunches: 0)
        let predictor = HealthGlucosePredictor(source: Self.source(try Self.healthWindow(days: 10)))
        let request = PredictGlucoseRequest(
            profile: Self.profile, foods: [Self.rice], startTime: Self.breakfast, timeZone: Self.losAngeles)
        let result = try await withDeadline("the prediction") { try await predictor.predict(request, for: user) }
        guard case .needsMoreHistory(let coverage) = result else {
            Issue.record("predicted without meals: \(result)")
            return
        }
        #expect(coverage.completeDays == 0)
        #expect(coverage.days.filter { $0.quarterHoursWithReadings == 96 }.count == 10)
        #expect(!simulator.requestLog.contains { $0.operation == "predictGlucose" })
    }

    @Test("historyDays out of 5…56 is refused before anything is read", arguments: [4, 57, -1, Int.max])
    func historyDays(days: Int) async throws {
        let (simulator, user) = try Self.world(lunches: 0)
        let store = Self.source([])
        let request = PredictGlucoseRequest(
            profile: Self.profile, foods: [Self.rice], startTime: Self.breakfast, timeZone: Self.losAngeles)
        await #expect(throws: JanuaryError.self) {
            _ = try await HealthGlucosePredictor(source: store).predict(request, for: user, historyDays: days)
        }
        #expect(store.calls.isEmpty)
        #expect(simulator.requestLog.isEmpty)
    }

    @Test("a meal in the first year is refused, not a trap")
    func firstYear() async throws {
        let (_, user) = try Self.world(lunches: 0)
        let store = Self.source([])
        let ancient = try JanuaryDate(year: 1, month: 1, day: 20).start(in: Self.losAngeles)
        let request = PredictGlucoseRequest(
            profile: Self.profile, foods: [Self.rice], startTime: ancient, timeZone: Self.losAngeles)
        await #expect(throws: JanuaryError.self) {
            _ = try await HealthGlucosePredictor(source: store).predict(request, for: user)
        }
        #expect(store.calls.isEmpty)
    }

    @Test("a Health read failure is a JanuaryHealthError, and nothing is predicted")
    func readFailure() async throws {
        let (simulator, user) = try Self.world(lunches: 7)
        let store = Self.source(try Self.healthWindow(days: 7))
        store.fail(.glucose)
        let request = PredictGlucoseRequest(
            profile: Self.profile, foods: [Self.rice], startTime: Self.breakfast, timeZone: Self.losAngeles)
        do {
            _ = try await HealthGlucosePredictor(source: store).predict(request, for: user)
            Issue.record("no error")
        } catch let error as JanuaryHealthError {
            #expect(error.code == .storeFailed)
        }
        #expect(!simulator.requestLog.contains { $0.operation == "predictGlucose" })
    }

    struct Agreement: Sendable, CustomTestStringConvertible {
        let name: String
        let quarterHours: [Int]
        let meals: [Bool]
        var testDescription: String { name }
    }

    static let agreements: [Agreement] = [
        Agreement(name: "five full days", quarterHours: [96, 96, 96, 96, 96], meals: [true, true, true, true, true]),
        Agreement(
            name: "five days of exactly 72", quarterHours: [72, 72, 72, 72, 72], meals: [true, true, true, true, true]),
        Agreement(name: "one day of 71", quarterHours: [96, 96, 96, 96, 71], meals: [true, true, true, true, true]),
        Agreement(
            name: "one day without food", quarterHours: [96, 96, 96, 96, 96], meals: [true, true, false, true, true]),
        Agreement(name: "four days", quarterHours: [96, 96, 96, 96], meals: [true, true, true, true]),
        Agreement(
            name: "six days, one thin", quarterHours: [96, 20, 96, 96, 96, 96],
            meals: [true, true, true, true, true, true]),
    ]

    @Test("the device's five-day rule agrees with the simulator's, case by case", arguments: agreements)
    func agreesWithSimulator(_ variant: Agreement) async throws {
        let days = variant.quarterHours.count
        let start = try JanuaryDate(Self.breakfast, in: Self.losAngeles).advanced(by: -days).start(in: Self.losAngeles)
        var readings: [HealthGlucoseReading] = []
        var logs: [FoodLog] = []
        for day in 0..<days {
            let midnight = try JanuaryDate(start, in: Self.losAngeles).advanced(by: day).start(in: Self.losAngeles)
            readings += (0..<variant.quarterHours[day]).map {
                HealthGlucoseReading(
                    date: midnight.addingTimeInterval(Double($0) * 900), value: 100, unit: .milligramsPerDeciliter)
            }
            if variant.meals[day] {
                logs.append(
                    FoodLog(
                        id: nil,
                        foods: [
                            LoggedFood(
                                foodID: "1004", nutrients: NutritionFacts(), quantity: 1,
                                serving: .init(id: "5008", quantity: 1))
                        ],
                        eatenAt: midnight.addingTimeInterval(12 * 3_600)))
            }
        }
        let history = GlucoseHistory(
            readings: readings, foodLogs: logs, from: start, to: Self.breakfast, timeZone: Self.losAngeles)
        // Sent anyway, past the device's check, to hear the simulator's verdict.
        let simulator = JanuaryAPISimulator.inProcess()
        let january = try JanuaryPartnerClient.simulated(simulator) { $0.retryPolicy = .none }
        var request = PredictGlucoseRequest(
            profile: Self.profile, foods: [Self.rice], startTime: Self.breakfast, timeZone: Self.losAngeles)
        request.cgmReadings = history.cgmReadings
        request.consumedFoods = history.consumedFoods
        let accepted: Bool
        do {
            _ = try await january.glucose.predict(request)
            accepted = true
        } catch let error as JanuaryError where error.code == .invalidRequest {
            accepted = false
        }
        #expect(history.coverage.isSufficient == accepted)
    }
}
