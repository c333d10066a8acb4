import Foundation
import JanuaryCoreTesting
import Testing

@testable import JanuaryPartnerSDK

@Suite("Glucose prediction requests are built and checked before sending", suiteTimeLimit())
struct PredictGlucoseRequestTests {
    static let profile = GlucosePredictionProfile(
        age: 42,
        sex: .female,
        height: Height(value: 165, unit: .centimeters),
        weight: Weight(value: 68, unit: .kilograms)
    )
    static let meal = [FoodLogInputFood(foodID: "1234", servingID: "56", quantity: 1.5)]
    /// 2026-08-26T18:30:00Z.
    static let start = Date(timeIntervalSince1970: 1_787_769_000)

    static func request(
        profile: GlucosePredictionProfile = profile,
        foods: [FoodLogInputFood] = meal,
        timeZone: TimeZone = TimeZone(identifier: "America/New_York")!,
        cgm: [CGMReading] = [],
        consumed: [ConsumedHistoricalFood] = []
    ) -> PredictGlucoseRequest {
        PredictGlucoseRequest(
            profile: profile, foods: foods, startTime: start, timeZone: timeZone, cgmReadings: cgm,
            consumedFoods: consumed)
    }

    static func readings(_ count: Int, spacing: TimeInterval = 900, value: Double = 100) -> [CGMReading] {
        (0..<count).map { CGMReading(timestamp: start.addingTimeInterval(-Double($0 + 1) * spacing), value: value) }
    }

    static func consumed(_ count: Int) -> [ConsumedHistoricalFood] {
        (0..<count).map {
            ConsumedHistoricalFood(
                timestamp: start.addingTimeInterval(-Double($0 + 1) * 3_600), foodID: "7", servingID: "8", quantity: 1)
        }
    }

    @Test("the body uses January's names, the IANA zone and a UTC start time, and leaves out empty history")
    func minimalBody() throws {
        let request = try Self.request().makeRequest()
        #expect(request.method == .post)
        #expect(request.path == "/v1.2/glucose/predictions")
        let body = try Wire.object(body: try bodyData(request))
        #expect(Set(body.keys) == ["user_profile", "timezone", "foods", "start_time"])
        #expect(body["timezone"] as? String == "America/New_York")
        #expect(body["start_time"] as? String == "2026-08-26T18:30:00.000Z")
        let foods = try #require(body["foods"] as? [[String: Any]])
        #expect(foods.first?["food_id"] as? String == "1234")
        #expect(foods.first?["serving_id"] as? String == "56")
        #expect(foods.first?["quantity"] as? Double == 1.5)
        let profile = try #require(body["user_profile"] as? [String: Any])
        #expect(Set(profile.keys) == ["age", "sex", "height", "weight"])
        #expect(profile["age"] as? Int == 42)
        #expect(profile["sex"] as? String == "female")
        #expect((profile["height"] as? [String: Any])?["unit"] as? String == "cm")
        #expect((profile["weight"] as? [String: Any])?["value"] as? Double == 68)
    }

    @Test("activity level, conditions and history are sent when given")
    func fullBody() throws {
        var profile = Self.profile
        profile.activityLevel = .veryActive
        profile.healthConditions = [.type2Diabetes, .prediabetes]
        let request = try Self.request(profile: profile, cgm: Self.readings(2), consumed: Self.consumed(1))
            .makeRequest()
        let body = try Wire.object(body: try bodyData(request))
        let sentProfile = try #require(body["user_profile"] as? [String: Any])
        #expect(sentProfile["activity_level"] as? String == "very_active")
        #expect(sentProfile["health_conditions"] as? [String] == ["type_2_diabetes", "prediabetes"])
        let cgm = try #require(body["cgm_data"] as? [[String: Any]])
        #expect(cgm.count == 2)
        #expect(cgm.first?["timestamp"] as? String == "2026-08-26T18:15:00.000Z")
        #expect(cgm.first?["value"] as? Double == 100)
        let eaten = try #require(body["consumed_foods"] as? [[String: Any]])
        #expect(Set(eaten.first?.keys ?? [:].keys) == ["timestamp", "food_id", "serving_id", "quantity"])
        #expect(eaten.first?["timestamp"] as? String == "2026-08-26T17:30:00.000Z")
    }

    @Test("the time zone defaults to the device's")
    func defaultTimeZone() {
        let request = PredictGlucoseRequest(profile: Self.profile, foods: Self.meal, startTime: Self.start)
        #expect(request.timeZone == .current)
    }

    static let profileCases: [(GlucosePredictionProfile, String?)] = {
        func with(_ change: (inout GlucosePredictionProfile) -> Void) -> GlucosePredictionProfile {
            var profile = PredictGlucoseRequestTests.profile
            change(&profile)
            return profile
        }
        return [
            (with { $0.age = 1 }, nil), (with { $0.age = 120 }, nil), (with { $0.age = 0 }, "age"),
            (with { $0.age = 121 }, "age"),
            (with { $0.height = Height(value: 20, unit: .inches) }, nil),
            (with { $0.height = Height(value: 108, unit: .inches) }, nil),
            (with { $0.height = Height(value: 19.9, unit: .inches) }, "height"),
            (with { $0.height = Height(value: 108.1, unit: .inches) }, "height"),
            (with { $0.height = Height(value: 50, unit: .centimeters) }, nil),
            (with { $0.height = Height(value: 275, unit: .centimeters) }, nil),
            (with { $0.height = Height(value: 49, unit: .centimeters) }, "height"),
            (with { $0.height = Height(value: 276, unit: .centimeters) }, "height"),
            (with { $0.height = Height(value: 170, unit: "m") }, "height"),
            (with { $0.height = Height(value: .nan, unit: .centimeters) }, "height"),
            (with { $0.weight = Weight(value: 2, unit: .pounds) }, nil),
            (with { $0.weight = Weight(value: 1500, unit: .pounds) }, nil),
            (with { $0.weight = Weight(value: 1.5, unit: .pounds) }, "weight"),
            (with { $0.weight = Weight(value: 1, unit: .kilograms) }, nil),
            (with { $0.weight = Weight(value: 700.5, unit: .kilograms) }, "weight"),
            (with { $0.weight = Weight(value: .infinity, unit: .kilograms) }, "weight"),
            (with { $0.healthConditions = [.type2Diabetes, .prediabetes] }, nil),
            (with { $0.healthConditions = [.type2Diabetes, .prediabetes, .prediabetes] }, "healthConditions"),
        ]
    }()

    @Test("profile ranges", arguments: profileCases)
    func profileRules(profile: GlucosePredictionProfile, field: String?) async throws {
        let request = Self.request(profile: profile)
        if let field {
            try await requireRefusedLocally(naming: "GlucosePredictionProfile.\(field)") { try request.validate() }
        } else {
            #expect(throws: Never.self) { try request.validate() }
        }
    }

    @Test("an invalid profile's message does not quote the value")
    func noHealthDataInMessages() async throws {
        var profile = Self.profile
        profile.weight = Weight(value: 1234.5678, unit: .kilograms)
        try await requireRefusedLocally(naming: "weight", hiding: ["1234"]) {
            try Self.request(profile: profile).validate()
        }
    }

    @Test("foods: 1 to 100, each valid")
    func foodRules() async throws {
        let one = Self.meal[0]
        #expect(throws: Never.self) { try Self.request(foods: Array(repeating: one, count: 100)).validate() }
        try await requireRefusedLocally(naming: "PredictGlucoseRequest.foods") {
            try Self.request(foods: []).validate()
        }
        try await requireRefusedLocally(naming: "PredictGlucoseRequest.foods") {
            try Self.request(foods: Array(repeating: one, count: 101)).validate()
        }
        try await requireRefusedLocally(naming: "foods[1].quantity") {
            try Self.request(foods: [one, FoodLogInputFood(foodID: "1", servingID: "2", quantity: 0)]).validate()
        }
        try await requireRefusedLocally(naming: "foods[0].foodID") {
            try Self.request(foods: [FoodLogInputFood(foodID: "a", servingID: "2", quantity: 1)]).validate()
        }
    }

    @Test("IANA time zones are accepted", arguments: ["UTC", "Europe/Paris", "Asia/Kathmandu", "GMT"])
    func ianaZones(identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        #expect(throws: Never.self) { try Self.request(timeZone: zone).validate() }
    }

    @Test("a fixed-offset time zone is refused")
    func fixedOffsetZone() async throws {
        let zone = try #require(TimeZone(secondsFromGMT: 5_400))
        try await requireRefusedLocally(naming: "timeZone") { try Self.request(timeZone: zone).validate() }
    }

    @Test("a whole-hour fixed offset is sent as its Etc/GMT name, as on every per-user call")
    func wholeHourOffsetZone() throws {
        let zone = try #require(TimeZone(secondsFromGMT: -5 * 3_600))
        let body = try Wire.object(body: try bodyData(try Self.request(timeZone: zone).makeRequest()))
        #expect(body["timezone"] as? String == "Etc/GMT+5")
    }

    @Test("CGM history and consumed foods go together or not at all")
    func bothOrNeither() async throws {
        try await requireRefusedLocally(naming: "together") { try Self.request(cgm: Self.readings(3)).validate() }
        try await requireRefusedLocally(naming: "together") { try Self.request(consumed: Self.consumed(3)).validate() }
        #expect(throws: Never.self) { try Self.request(cgm: Self.readings(3), consumed: Self.consumed(3)).validate() }
    }

    @Test(
        "CGM values are 10 to 600 mg/dL",
        arguments: [(10.0, true), (600, true), (9.99, false), (600.1, false), (.nan, false), (-.infinity, false)]
    )
    func cgmValues(value: Double, valid: Bool) async throws {
        let request = Self.request(cgm: Self.readings(2, value: value), consumed: Self.consumed(1))
        if valid {
            #expect(throws: Never.self) { try request.validate() }
        } else {
            try await requireRefusedLocally(naming: "cgmReadings[0].value") { try request.validate() }
        }
    }

    @Test("at most one CGM reading per 15-minute window")
    func cgmWindows() async throws {
        let fiveMinute = Self.readings(4, spacing: 300)
        try await requireRefusedLocally(naming: "15-minute window") {
            try Self.request(cgm: fiveMinute, consumed: Self.consumed(1)).validate()
        }
        #expect(throws: Never.self) {
            try Self.request(cgm: CGMReading.onePerWindow(fiveMinute), consumed: Self.consumed(1)).validate()
        }
        // 18:14:59 and 18:15:00 are a second apart but in different windows.
        let boundary = [
            CGMReading(timestamp: Self.start.addingTimeInterval(-901), value: 100),
            CGMReading(timestamp: Self.start.addingTimeInterval(-900), value: 100),
        ]
        #expect(throws: Never.self) { try Self.request(cgm: boundary, consumed: Self.consumed(1)).validate() }
    }

    @Test("CGM readings and consumed foods: at most 5000 each, consumed foods valid")
    func historyCounts() async throws {
        #expect(throws: Never.self) {
            try Self.request(cgm: Self.readings(5_000), consumed: Self.consumed(5_000)).validate()
        }
        try await requireRefusedLocally(naming: "cgmReadings") {
            try Self.request(cgm: Self.readings(5_001), consumed: Self.consumed(1)).validate()
        }
        try await requireRefusedLocally(naming: "consumedFoods") {
            try Self.request(cgm: Self.readings(1), consumed: Self.consumed(5_001)).validate()
        }
        var bad = Self.consumed(2)
        bad[1].quantity = 10_000.5
        try await requireRefusedLocally(naming: "consumedFoods[1].quantity") {
            try Self.request(cgm: Self.readings(1), consumed: bad).validate()
        }
    }

    @Test("history models decode ISO 8601 timestamps with any offset")
    func historyDecoding() throws {
        let reading = try Wire.decode(CGMReading.self, #"{"timestamp": "2026-08-26T14:30:00-04:00", "value": 104}"#)
        #expect(reading.timestamp == Self.start)
        let eaten = try Wire.decode(
            ConsumedHistoricalFood.self,
            #"{"timestamp": "2026-08-26T18:30:00Z", "food_id": 7, "serving_id": "8", "quantity": 2}"#)
        #expect(eaten == ConsumedHistoricalFood(timestamp: Self.start, foodID: "7", servingID: "8", quantity: 2))
        #expect(
            ConsumedHistoricalFood(timestamp: Self.start, food: Self.meal[0])
                == ConsumedHistoricalFood(timestamp: Self.start, foodID: "1234", servingID: "56", quantity: 1.5))
    }
}
