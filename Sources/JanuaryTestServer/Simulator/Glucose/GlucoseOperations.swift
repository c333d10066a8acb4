import Foundation

/// `predictGlucose` (Docs/Contract.md, Operations), scope `glucose:read`: validates like January, then answers a
/// simulated curve (``GlucoseCurve``). Nothing is stored and no end user is involved.
///
/// The body has exactly January's keys; that the curve is a formula is said by an `x-simulated: true` header,
/// which a client ignores, rather than by a body key a strict decoder would trip on.
enum GlucoseOperations {
    static let all: [Operation] = [
        Operation("predictGlucose", "POST", "/v1.2/glucose/predictions", scope: .glucoseRead) { context, books in
            try predict(context, books.catalog)
        }
    ]

    /// A day of history counts as complete with readings in at least this many of its 96 quarter hours.
    static let completeDayWindows = 72
    static let requiredCompleteDays = 5

    private static func predict(_ context: OperationContext, _ catalog: Catalog) throws -> APIResponse {
        let fields = try JSONFields.body(context.body)
        let conditions = try profile(fields.requiredObject("user_profile"))
        guard let zoneName = try fields.required("timezone").stringValue, let zone = ZoneName.resolve(zoneName)
        else {
            throw APIError.invalidRequest("`timezone` must be an IANA time zone name such as America/New_York")
        }
        let foods = try Portion.parseList(fields, catalog: catalog)
        _ = try fields.requiredTimestamp("start_time")
        let readings = try history(fields, zone: zone.zone, catalog: catalog)
        let curve = GlucoseCurve(
            foods: foods.map(\.nutrients),
            conditions: conditions,
            historyReadings: readings
        )
        return .json(curve.wire, headerFields: [HeaderField(name: "x-simulated", value: "true")])
    }

    /// Checks `user_profile`; returns its health conditions.
    private static func profile(_ profile: JSONFields) throws -> Set<String> {
        let age = try profile.requiredInteger("age")
        guard (1...120).contains(age) else { throw APIError.invalidRequest("`user_profile.age` must be 1 to 120") }
        _ = try profile.requiredEnum("sex", ["male", "female"])
        let height = try profile.requiredObject("height")
        let heightValue = try height.requiredNumber("value")
        let heightUnit = try height.requiredEnum("unit", ["in", "cm"])
        let heightRange: ClosedRange<Double> = heightUnit == "in" ? 20...108 : 50...275
        guard heightRange.contains(heightValue) else {
            throw APIError.invalidRequest(
                "`user_profile.height.value` must be \(heightUnit == "in" ? "20 to 108 in" : "50 to 275 cm")"
            )
        }
        let weight = try profile.requiredObject("weight")
        let weightValue = try weight.requiredNumber("value")
        let weightUnit = try weight.requiredEnum("unit", ["lb", "kg"])
        let weightRange: ClosedRange<Double> = weightUnit == "lb" ? 2...1500 : 1...700
        guard weightRange.contains(weightValue) else {
            throw APIError.invalidRequest(
                "`user_profile.weight.value` must be \(weightUnit == "lb" ? "2 to 1500 lb" : "1 to 700 kg")"
            )
        }
        _ = try profile.optionalEnum(
            "activity_level",
            ["sedentary", "lightly_active", "moderately_active", "very_active"]
        )
        var conditions: Set<String> = []
        for (index, item) in (try profile.optionalArray("health_conditions", count: 0...2) ?? []).enumerated() {
            guard let text = item.stringValue, ["type_2_diabetes", "prediabetes"].contains(text) else {
                throw APIError.invalidRequest(
                    "`user_profile.health_conditions[\(index)]` must be type_2_diabetes or prediabetes"
                )
            }
            conditions.insert(text)
        }
        return conditions
    }

    /// Checks `cgm_data` and `consumed_foods`; returns the readings (empty without history).
    private static func history(_ fields: JSONFields, zone: TimeZone, catalog: Catalog) throws -> [Double] {
        let hasCGM = try fields.present("cgm_data") != nil
        let hasFoods = try fields.present("consumed_foods") != nil
        guard hasCGM == hasFoods else {
            throw APIError.invalidRequest(
                hasCGM
                    ? "`cgm_data` requires `consumed_foods`: send paired history or neither"
                    : "`consumed_foods` requires `cgm_data`: send paired history or neither"
            )
        }
        guard hasCGM else { return [] }
        let readingItems = try fields.requiredArray("cgm_data", count: 1...5000)
        var windowsByDay: [LocalDate: Set<Int64>] = [:]
        var seenWindows: Set<Int64> = []
        var values: [Double] = []
        for index in readingItems.indices {
            let reading = try fields.element(readingItems, index, of: "cgm_data")
            let time = try reading.requiredTimestamp("timestamp")
            let value = try reading.requiredNumber("value")
            guard (10...600).contains(value) else {
                throw APIError.invalidRequest("`\(reading.name("value"))` must be 10 to 600 mg/dL")
            }
            let window = Int64((time.timeIntervalSince1970 / 900).rounded(.down))
            guard seenWindows.insert(window).inserted else {
                throw APIError.invalidRequest(
                    "`\(reading.name("timestamp"))` is a second reading in the same 15-minute window"
                )
            }
            windowsByDay[LocalDate(time, in: zone), default: []].insert(window)
            values.append(value)
        }
        let foodItems = try fields.requiredArray("consumed_foods", count: 1...5000)
        var daysWithFood: Set<LocalDate> = []
        for index in foodItems.indices {
            let item = try fields.element(foodItems, index, of: "consumed_foods")
            let time = try item.requiredTimestamp("timestamp")
            _ = try Portion.parse(item, catalog: catalog)
            daysWithFood.insert(LocalDate(time, in: zone))
        }
        let completeDays = windowsByDay.filter { $0.value.count >= completeDayWindows && daysWithFood.contains($0.key) }
        guard completeDays.count >= requiredCompleteDays else {
            throw APIError.invalidRequest(
                "insufficient CGM history: \(completeDays.count) complete days of paired `cgm_data` and "
                    + "`consumed_foods`; at least \(requiredCompleteDays) are needed (a complete day has readings "
                    + "in \(completeDayWindows) of its 96 quarter hours and at least one consumed food)"
            )
        }
        return values
    }
}
