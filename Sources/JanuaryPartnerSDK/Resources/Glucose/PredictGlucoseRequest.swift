import Foundation
import JanuaryCore

/// A request to predict how a meal will move someone's blood glucose over the following hours.
///
/// ```swift
/// let prediction = try await january.glucose.predict(
///     PredictGlucoseRequest(
///         profile: profile,
///         foods: scan.loggableFoods,
///         startTime: Date(),
///         timeZone: .current
///     )
/// )
/// ```
///
/// To personalise the prediction, add the person's CGM history and the foods they ate over the same period:
/// both together, covering at least five complete days, or neither. January stores nothing from this request.
public struct PredictGlucoseRequest: Sendable, Hashable {
    /// The person the prediction is for.
    public var profile: GlucosePredictionProfile

    /// The meal: 1 to 100 foods.
    public var foods: [FoodLogInputFood]

    /// When the meal starts; the prediction's points count minutes from it.
    public var startTime: Date

    /// The person's time zone, sent by its IANA identifier (such as `Europe/Paris`): the prediction depends on
    /// the local time of day. A whole-hour fixed offset is sent as its `Etc/GMT` name; other offsets are refused.
    /// Defaults to the device's.
    public var timeZone: TimeZone

    /// CGM history: empty (the default) or 1 to 5000 readings of 10–600 mg/dL, at most one per 15-minute window
    /// (``CGMReading/onePerWindow(_:)`` thins denser data). Requires ``consumedFoods``.
    public var cgmReadings: [CGMReading]

    /// Foods eaten over the CGM history: empty (the default) or 1 to 5000. Requires ``cgmReadings``.
    public var consumedFoods: [ConsumedHistoricalFood]

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - profile: The person the prediction is for.
    ///   - foods: The meal: 1 to 100 foods.
    ///   - startTime: When the meal starts.
    ///   - timeZone: The person's time zone. Defaults to the device's.
    ///   - cgmReadings: CGM history, or empty.
    ///   - consumedFoods: Foods eaten over the CGM history, or empty.
    public init(
        profile: GlucosePredictionProfile,
        foods: [FoodLogInputFood],
        startTime: Date,
        timeZone: TimeZone = .current,
        cgmReadings: [CGMReading] = [],
        consumedFoods: [ConsumedHistoricalFood] = []
    ) {
        self.profile = profile
        self.foods = foods
        self.startTime = startTime
        self.timeZone = timeZone
        self.cgmReadings = cgmReadings
        self.consumedFoods = consumedFoods
    }

    /// Checks January's rules, so that a mistake costs no request. Messages name the field, never a value: these
    /// are health data.
    ///
    /// - Throws: `JanuaryError` of category `invalidInput` naming the field that breaks a rule.
    public func validate() throws {
        try profile.validate()
        try Validation.count(foods.count, field: "PredictGlucoseRequest.foods", in: 1...100)
        for (index, food) in foods.enumerated() {
            try food.validate(field: "PredictGlucoseRequest.foods[\(index)]")
        }
        try Validation.date(startTime, field: "PredictGlucoseRequest.startTime")
        _ = try Validation.timeZoneName(timeZone, field: Self.timeZoneField)
        guard cgmReadings.isEmpty == consumedFoods.isEmpty else {
            throw JanuaryError.invalidInput(
                "PredictGlucoseRequest.cgmReadings and consumedFoods must be sent together or not at all.")
        }
        guard !cgmReadings.isEmpty else {
            return
        }
        try Validation.count(cgmReadings.count, field: "PredictGlucoseRequest.cgmReadings", in: 1...5_000)
        var windows = Set<Int64>()
        for (index, reading) in cgmReadings.enumerated() {
            let field = "PredictGlucoseRequest.cgmReadings[\(index)]"
            try Validation.date(reading.timestamp, field: "\(field).timestamp")
            try Validation.number(reading.value, field: "\(field).value (mg/dL)", in: 10...600)
            guard let window = CGMReading.window(of: reading.timestamp), windows.insert(window).inserted else {
                throw JanuaryError.invalidInput(
                    "\(field) is a second reading in the same 15-minute window; send at most one per window "
                        + "(CGMReading.onePerWindow(_:) keeps the first).")
            }
        }
        try Validation.count(consumedFoods.count, field: "PredictGlucoseRequest.consumedFoods", in: 1...5_000)
        for (index, food) in consumedFoods.enumerated() {
            let field = "PredictGlucoseRequest.consumedFoods[\(index)]"
            try Validation.date(food.timestamp, field: "\(field).timestamp")
            try FoodLogInputFood(foodID: food.foodID, servingID: food.servingID, quantity: food.quantity)
                .validate(field: field)
        }
    }

    private static let timeZoneField = "PredictGlucoseRequest.timeZone"

    func makeRequest() throws -> JanuaryRequest {
        try validate()
        let body = Body(
            userProfile: profile,
            timezone: try Validation.timeZoneName(timeZone, field: Self.timeZoneField),
            foods: foods,
            startTime: startTime,
            cgmData: cgmReadings.isEmpty ? nil : cgmReadings,
            consumedFoods: consumedFoods.isEmpty ? nil : consumedFoods
        )
        return try JanuaryOperation.predictGlucose.request(body: .json(body))
    }

    private struct Body: Encodable {
        var userProfile: GlucosePredictionProfile
        var timezone: String
        var foods: [FoodLogInputFood]
        var startTime: Date
        var cgmData: [CGMReading]?
        var consumedFoods: [ConsumedHistoricalFood]?

        private enum Keys {
            static var userProfile: WireKey { WireKey("user_profile") }
            static var timezone: WireKey { WireKey("timezone") }
            static var foods: WireKey { WireKey("foods") }
            static var startTime: WireKey { WireKey("start_time") }
            static var cgmData: WireKey { WireKey("cgm_data") }
            static var consumedFoods: WireKey { WireKey("consumed_foods") }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try container.encode(userProfile, forKey: Keys.userProfile)
            try container.encode(timezone, forKey: Keys.timezone)
            try container.encode(foods, forKey: Keys.foods)
            try container.encodeTimestamp(startTime, forKey: Keys.startTime)
            try container.encodeIfPresent(cgmData, forKey: Keys.cgmData)
            try container.encodeIfPresent(consumedFoods, forKey: Keys.consumedFoods)
        }
    }
}

extension PredictGlucoseRequest {
    /// Hashes the start time and how many foods, readings and past foods it sends: equal requests agree on all.
    ///
    /// Hashing every nested value as well compiled a copy of the standard library's array hashing for each nested
    /// type into the app (Docs/Benchmarks.md, "Size in an app"); values that compare equal still hash equally.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(startTime)
        hasher.combine(foods.count)
        hasher.combine(cgmReadings.count)
        hasher.combine(consumedFoods.count)
    }
}
