import Foundation
import Testing

@testable import JanuaryTestServer

extension SimulatorConformance {
    /// Every documented limit of every operation, just inside (answered with the operation's success, checked
    /// against its schema) and just outside (`400` with the documented code, the message naming the field).
    @Suite("Conformance: documented limits", suiteTimeLimit())
    struct LimitConformanceTests {
        struct Case: Sendable, CustomTestStringConvertible {
            let endpoint: Endpoint
            let label: String
            let path: String?
            let query: [(String, String)]
            let body: String?
            /// `nil` for inside; the code and the field the message names for outside.
            let refusal: (code: String, field: String)?
            /// The status of an accepted request when it is not the operation's success (a well-formed id of
            /// nothing answers `404`).
            let acceptedStatus: Int?

            var testDescription: String { "\(endpoint.operation): \(label) \(refusal == nil ? "accepted" : "refused")" }
        }

        static func endpoint(_ operation: String) -> Endpoint {
            Endpoint.all.first { $0.operation == operation }!
        }

        /// A query parameter set to each value, on top of the operation's valid request.
        static func query(
            _ operation: String,
            _ name: String,
            inside: [String],
            outside: [String],
            code: String = "invalid_request",
            base: [(String, String)]? = nil
        ) -> [Case] {
            let endpoint = endpoint(operation)
            func with(_ value: String) -> [(String, String)] {
                (base ?? endpoint.query).filter { $0.0 != name } + [(name, value)]
            }
            return inside.map {
                Case(
                    endpoint: endpoint, label: "\(name)=\(short($0))", path: nil, query: with($0), body: endpoint.body,
                    refusal: nil, acceptedStatus: nil)
            }
                + outside.map {
                    Case(
                        endpoint: endpoint, label: "\(name)=\(short($0))", path: nil, query: with($0),
                        body: endpoint.body, refusal: (code, name), acceptedStatus: nil)
                }
        }

        /// Whole bodies, labelled by the limit they probe.
        static func body(
            _ operation: String,
            _ field: String,
            inside: [(String, String)],
            outside: [(String, String)],
            code: String = "invalid_request"
        ) -> [Case] {
            let endpoint = endpoint(operation)
            return inside.map {
                Case(
                    endpoint: endpoint, label: $0.0, path: nil, query: endpoint.query, body: $0.1, refusal: nil,
                    acceptedStatus: nil)
            }
                + outside.map {
                    Case(
                        endpoint: endpoint, label: $0.0, path: nil, query: endpoint.query, body: $0.1,
                        refusal: (code, field), acceptedStatus: nil)
                }
        }

        /// Path parameters: well-formed ones answer `acceptedStatus` (`404` for an id of nothing).
        static func path(
            _ operation: String,
            _ field: String,
            inside: [String],
            acceptedStatus: Int?,
            outside: [String],
            query: [(String, String)] = []
        ) -> [Case] {
            let endpoint = endpoint(operation)
            return inside.map {
                Case(
                    endpoint: endpoint, label: short($0), path: $0, query: query, body: endpoint.body, refusal: nil,
                    acceptedStatus: acceptedStatus)
            }
                + outside.map {
                    Case(
                        endpoint: endpoint, label: short($0), path: $0, query: query, body: endpoint.body,
                        refusal: ("invalid_request", field), acceptedStatus: nil)
                }
        }

        /// A value range per unit, `(unit, lowest, highest, just under, just over)`, in bodies made by `body(value, unit)`.
        static func ranges(
            _ operation: String,
            _ field: String,
            _ bounds: [(String, String, String, String, String)],
            body make: (String, String) -> String
        ) -> [Case] {
            bounds.flatMap { unit, low, high, under, over in
                body(
                    operation, field,
                    inside: [low, high].map { ("\($0) \(unit)", make($0, unit)) },
                    outside: [under, over].map { ("\($0) \(unit)", make($0, unit)) })
            }
        }

        static func short(_ text: String) -> String {
            text.unicodeScalars.count > 24 ? "\(text.prefix(12))…(\(text.unicodeScalars.count))" : text
        }

        static func letters(_ count: Int) -> String {
            String(repeating: "a", count: count)
        }

        static func list(_ item: String, _ count: Int) -> String {
            "[" + Array(repeating: item, count: count).joined(separator: ",") + "]"
        }

        static let food = #"{"food_id":"1006","serving_id":"5012","quantity":1}"#

        static func foodLog(foods: String = "[\(food)]", name: String = "Lunch") -> String {
            #"{"foods":\#(foods),"name":"\#(name)"}"#
        }

        static func profile(
            age: String = "40",
            height: String = "65",
            heightUnit: String = "in",
            weight: String = "150",
            weightUnit: String = "lb",
            conditions: String = "[]"
        ) -> String {
            #"{"age":\#(age),"sex":"male","height":{"value":\#(height),"unit":"\#(heightUnit)"},"weight":{"value":\#(weight),"unit":"\#(weightUnit)"},"activity_level":"very_active","health_conditions":\#(conditions)}"#
        }

        static func glucose(_ label: String, profile: String = profile(), foods: String = "[\(food)]") -> (
            String, String
        ) {
            (label, GlucoseTests.body(profile: profile, foods: foods))
        }

        static let allScopes = JanuaryAPISimulator.Scope.all.map { #""\#($0.rawValue)""# }

        static let restrictions = FoodAlternatives.restrictions.map { #""\#($0)""# }
        static let preferences = FoodAlternatives.preferences.map { #""\#($0)""# }

        static let area: [Case] = ["searchRestaurants", "searchRestaurantMenuItems"].flatMap { operation in
            query(operation, "query", inside: ["b", letters(256)], outside: ["", letters(257)])
                + query(operation, "latitude", inside: ["-90", "90"], outside: ["-90.0001", "90.0001", "north"])
                + query(operation, "longitude", inside: ["-180", "180"], outside: ["-180.0001", "180.0001"])
                + query(operation, "radius_meters", inside: ["1", "50000"], outside: ["0", "50001", "-5"])
                + query(operation, "limit", inside: ["1", "100"], outside: ["0", "101", "2.5"])
        }

        static let windows: [Case] =
            query(
                "listFoodLogs", "start_date", inside: ["2026-01-10"], outside: ["2026-01-09"],
                code: "date_range_too_large",
                base: [("end_date", "2026-03-10"), ("timezone", "UTC")])
            + query(
                "listFoodLogs", "end_date", inside: ["2026-03-01"], outside: ["2026-02-28", "2026-02-30", "20260301"],
                base: [("start_date", "2026-03-01"), ("timezone", "UTC")])
            + query(
                "getFoodLogSummary", "start_date", inside: ["2025-03-10"], outside: ["2025-03-09"],
                code: "date_range_too_large", base: [("end_date", "2026-03-10"), ("timezone", "UTC")])
            + query("getFoodLogSummary", "group_by", inside: ["day", "week"], outside: ["month"])
            + query("getFoodLogSummary", "week_start", inside: ["monday"], outside: ["saturday"])
            + query("listFoodLogs", "timezone", inside: ["Pacific/Kiritimati"], outside: ["PST", "UTC+1", ""])
            + ["listWaterLogs", "listWeightLogs"].flatMap { operation in
                query(
                    operation, "start_date", inside: ["2021-03-10"], outside: ["2021-03-09"],
                    code: "date_range_too_large",
                    base: endpoint(operation).query.filter { $0.0 != "timezone" } + [
                        ("timezone", "UTC")
                    ])
            }
            + query("listWaterLogs", "unit", inside: ["fl_oz", "ml", "cup"], outside: ["l", "oz"])

        static let cases: [Case] =
            body(
                "createClientToken", "end_user_id",
                inside: [
                    ("end_user_id 1", #"{"end_user_id":"a","scopes":["foods:read"]}"#),
                    ("end_user_id 64", #"{"end_user_id":"\#(letters(64))","scopes":["foods:read"]}"#),
                ],
                outside: [
                    ("end_user_id 65", #"{"end_user_id":"\#(letters(65))","scopes":["foods:read"]}"#),
                    ("end_user_id empty", #"{"end_user_id":"","scopes":["foods:read"]}"#),
                    ("end_user_id number", #"{"end_user_id":42,"scopes":["foods:read"]}"#),
                ])
            + body(
                "createClientToken", "scopes",
                inside: [
                    ("1 scope", #"{"end_user_id":"u1","scopes":["glucose:read"]}"#),
                    ("10 scopes", #"{"end_user_id":"u1","scopes":[\#(allScopes.joined(separator: ","))]}"#),
                ],
                outside: [
                    ("0 scopes", #"{"end_user_id":"u1","scopes":[]}"#),
                    (
                        "11 scopes",
                        #"{"end_user_id":"u1","scopes":[\#((allScopes + [allScopes[0]]).joined(separator: ","))]}"#
                    ),
                    ("unknown scope", #"{"end_user_id":"u1","scopes":["foods:write"]}"#),
                ])
            + body(
                "createClientToken", "ttl_seconds",
                inside: [
                    ("ttl 300", #"{"end_user_id":"u1","scopes":["foods:read"],"ttl_seconds":300}"#),
                    ("ttl 7200", #"{"end_user_id":"u1","scopes":["foods:read"],"ttl_seconds":7200}"#),
                ],
                outside: [
                    ("ttl 299", #"{"end_user_id":"u1","scopes":["foods:read"],"ttl_seconds":299}"#),
                    ("ttl 7201", #"{"end_user_id":"u1","scopes":["foods:read"],"ttl_seconds":7201}"#),
                    ("ttl 600.5", #"{"end_user_id":"u1","scopes":["foods:read"],"ttl_seconds":600.5}"#),
                    ("ttl string", #"{"end_user_id":"u1","scopes":["foods:read"],"ttl_seconds":"600"}"#),
                ])
            + body(
                "revokeClientTokens", "end_user_id",
                inside: [("end_user_id 64", #"{"end_user_id":"\#(letters(64))"}"#)],
                outside: [("end_user_id 65", #"{"end_user_id":"\#(letters(65))"}"#), ("no end_user_id", "{}")])
            + query("searchFoods", "query", inside: ["r", letters(256)], outside: ["", letters(257)])
            + query("searchFoods", "limit", inside: ["1", "50"], outside: ["0", "51", "1.5", "ten"])
            + query("searchFoods", "offset", inside: ["0", "1000"], outside: ["-1"])
            + query("searchFoods", "type", inside: ["generic", "branded", "recipe"], outside: ["drink", "Generic"])
            + query("autocompleteFoods", "query", inside: ["b", letters(64)], outside: [letters(65)])
            + query("autocompleteFoods", "limit", inside: ["1", "20"], outside: ["0", "21"])
            + query("autocompleteFoods", "type", inside: ["generic", "branded"], outside: ["recipe"])
            + path(
                "getFood", "food_id", inside: ["/v1.2/foods/1", "/v1.2/foods/9999999999"], acceptedStatus: 404,
                outside: ["/v1.2/foods/0", "/v1.2/foods/01", "/v1.2/foods/12345678901", "/v1.2/foods/abc"])
            + path(
                "lookupFoodByBarcode", "barcode",
                inside: ["/v1.2/foods/barcode/123456", "/v1.2/foods/barcode/12345678901234"], acceptedStatus: 404,
                outside: [
                    "/v1.2/foods/barcode/12345", "/v1.2/foods/barcode/123456789012345", "/v1.2/foods/barcode/12345a",
                ])
            + path(
                "suggestFoodAlternatives", "food_id", inside: ["/v1.2/foods/4242/alternatives"], acceptedStatus: 404,
                outside: ["/v1.2/foods/0/alternatives"])
            + body(
                "suggestFoodAlternatives", "diet_restrictions",
                inside: [
                    ("17 restrictions", #"{"diet_restrictions":[\#(restrictions.joined(separator: ","))]}"#),
                    ("no body fields", "{}"),
                ],
                outside: [
                    (
                        "18 restrictions",
                        #"{"diet_restrictions":[\#((restrictions + [restrictions[0]]).joined(separator: ","))]}"#
                    ),
                    ("unknown restriction", #"{"diet_restrictions":["none"]}"#),
                ])
            + body(
                "suggestFoodAlternatives", "diet_preferences",
                inside: [("9 preferences", #"{"diet_preferences":[\#(preferences.joined(separator: ","))]}"#)],
                outside: [
                    (
                        "10 preferences",
                        #"{"diet_preferences":[\#((preferences + [preferences[0]]).joined(separator: ","))]}"#
                    )
                ])
            + area
            + path(
                "getRestaurantMenuItems", "restaurant_id", inside: ["/v1.2/restaurants/\(letters(64))/menu-items"],
                acceptedStatus: 404,
                outside: ["/v1.2/restaurants/\(letters(65))/menu-items", "/v1.2/restaurants/a.b/menu-items"])
            + query("getRestaurantMenuItems", "limit", inside: ["1", "500"], outside: ["0", "501"])
            + query("getRestaurantMenuItems", "offset", inside: ["0", "99"], outside: ["-1"])
            + body(
                "scanFoodPhoto", "image",
                inside: [("http URL", #"{"image":"http://photos.example.com/banana.jpg"}"#)],
                outside: [
                    ("empty image", #"{"image":""}"#), ("ftp URL", #"{"image":"ftp://photos.example.com/a.jpg"}"#),
                    ("no image", "{}"),
                ])
            + body(
                "scanFoodPhoto", "reasoning",
                inside: [
                    ("effort xhigh", #"{"image":"https://photos.example.com/egg.jpg","reasoning":{"effort":"xhigh"}}"#)
                ],
                outside: [
                    ("effort low", #"{"image":"https://photos.example.com/egg.jpg","reasoning":{"effort":"low"}}"#),
                    ("effort missing", #"{"image":"https://photos.example.com/egg.jpg","reasoning":{}}"#),
                ])
            + body(
                "searchFoodsByNaturalLanguage", "text",
                inside: [("text 1", #"{"text":"a"}"#), ("text 512", #"{"text":"\#(letters(512))"}"#)],
                outside: [("text empty", #"{"text":""}"#), ("text 513", #"{"text":"\#(letters(513))"}"#)])
            + body(
                "correctPhotoScan", "instruction",
                inside: [("instruction 1000", ConformanceBodies.correction(instruction: letters(1000)))],
                outside: [
                    ("instruction 1001", ConformanceBodies.correction(instruction: letters(1001))),
                    ("instruction blank", ConformanceBodies.correction(instruction: "   ")),
                ])
            + body(
                "correctPhotoScan", "analysis.detections",
                inside: [
                    ("100 detections", ConformanceBodies.correction(detections: 100)),
                    ("0 detections", ConformanceBodies.correction(detections: 0)),
                ],
                outside: [("101 detections", ConformanceBodies.correction(detections: 101))])
            + body(
                "correctPhotoScan", "analysis.meal_name",
                inside: [
                    ("meal_name 256", ConformanceBodies.correction(mealName: #""\#(letters(256))""#)),
                    ("meal_name null", ConformanceBodies.correction(mealName: "null")),
                ],
                outside: [
                    ("meal_name 257", ConformanceBodies.correction(mealName: #""\#(letters(257))""#)),
                    ("meal_name blank", ConformanceBodies.correction(mealName: #""   ""#)),
                ])
            + body(
                "correctPhotoScan", "analysis.detections[0].food.quantity",
                inside: [("quantity 10000", ConformanceBodies.correction(quantity: "10000"))],
                outside: [
                    ("quantity 10000.5", ConformanceBodies.correction(quantity: "10000.5")),
                    ("quantity 0", ConformanceBodies.correction(quantity: "0")),
                ])
            + body(
                "correctPhotoScan", "analysis.detections[0].food.serving.unit",
                inside: [("unit 64", ConformanceBodies.correction(servingUnit: #""\#(letters(64))""#))],
                outside: [("unit 65", ConformanceBodies.correction(servingUnit: #""\#(letters(65))""#))])
            + body(
                "correctPhotoScan", "analysis.detections[0].food.nutrients.calories",
                inside: [
                    ("calories 1000000", ConformanceBodies.correction(calories: "1000000")),
                    ("calories 0", ConformanceBodies.correction(calories: "0")),
                ],
                outside: [
                    ("calories 1000000.5", ConformanceBodies.correction(calories: "1000000.5")),
                    ("calories -1", ConformanceBodies.correction(calories: "-1")),
                ])
            + body(
                "createFoodLog", "foods",
                inside: [("1 food", foodLog()), ("100 foods", foodLog(foods: list(food, 100)))],
                outside: [("0 foods", foodLog(foods: "[]")), ("101 foods", foodLog(foods: list(food, 101)))])
            + body(
                "createFoodLog", "foods[0].quantity",
                inside: [
                    ("quantity 10000", foodLog(foods: #"[{"food_id":"1006","serving_id":"5012","quantity":10000}]"#)),
                    ("quantity 0.0001", foodLog(foods: #"[{"food_id":"1006","serving_id":"5012","quantity":0.0001}]"#)),
                ],
                outside: [
                    (
                        "quantity 10000.01",
                        foodLog(foods: #"[{"food_id":"1006","serving_id":"5012","quantity":10000.01}]"#)
                    ),
                    ("quantity 0", foodLog(foods: #"[{"food_id":"1006","serving_id":"5012","quantity":0}]"#)),
                    ("quantity -1", foodLog(foods: #"[{"food_id":"1006","serving_id":"5012","quantity":-1}]"#)),
                ])
            + body(
                "createFoodLog", "name",
                inside: [("name 256", foodLog(name: letters(256)))],
                outside: [("name 257", foodLog(name: letters(257)))])
            + body(
                "updateFoodLog", "foods",
                inside: [("100 foods", #"{"foods":\#(list(food, 100))}"#)],
                outside: [("101 foods", #"{"foods":\#(list(food, 101))}"#), ("0 foods", #"{"foods":[]}"#)])
            + body(
                "updateFoodLog", "name",
                inside: [("name 256", #"{"name":"\#(letters(256))"}"#)],
                outside: [("name 257", #"{"name":"\#(letters(257))"}"#)])
            + body("updateFoodLog", "note", inside: [], outside: [("unknown field", #"{"name":"x","note":"y"}"#)])
            + windows
            + ranges(
                "createWaterLog", "amount.value",
                [
                    ("fl_oz", "1", "811.5", "0.99", "811.6"), ("cup", "0.125", "101.4", "0.124", "101.5"),
                    ("ml", "30", "24000", "29.9", "24000.1"),
                ]
            ) { #"{"amount":{"value":\#($0),"unit":"\#($1)"}}"# }
            + body(
                "createWaterLog", "amount.unit", inside: [],
                outside: [("unit l", #"{"amount":{"value":1,"unit":"l"}}"#)])
            + ranges(
                "createWeightLog", "weight.value",
                [("lb", "10", "1000", "9.99", "1000.01"), ("kg", "4.5", "453.6", "4.49", "453.7")]
            ) {
                #"{"weight":{"value":\#($0),"unit":"\#($1)"}}"#
            }
            + body(
                "predictGlucose", "user_profile.age",
                inside: [
                    glucose("age 1", profile: profile(age: "1")), glucose("age 120", profile: profile(age: "120")),
                ],
                outside: [
                    glucose("age 0", profile: profile(age: "0")), glucose("age 121", profile: profile(age: "121")),
                    glucose("age 30.5", profile: profile(age: "30.5")),
                ])
            + ranges(
                "predictGlucose", "user_profile.height.value",
                [("in", "20", "108", "19.9", "108.1"), ("cm", "50", "275", "49.9", "275.1")]
            ) {
                GlucoseTests.body(profile: profile(height: $0, heightUnit: $1))
            }
            + ranges(
                "predictGlucose", "user_profile.weight.value",
                [("lb", "2", "1500", "1.9", "1500.1"), ("kg", "1", "700", "0.9", "700.1")]
            ) {
                GlucoseTests.body(profile: profile(weight: $0, weightUnit: $1))
            }
            + body(
                "predictGlucose", "user_profile.health_conditions",
                inside: [glucose("2 conditions", profile: profile(conditions: #"["type_2_diabetes","prediabetes"]"#))],
                outside: [
                    glucose(
                        "3 conditions",
                        profile: profile(conditions: #"["type_2_diabetes","prediabetes","prediabetes"]"#)),
                    glucose("type 1", profile: profile(conditions: #"["type_1_diabetes"]"#)),
                ])
            + body(
                "predictGlucose", "foods",
                inside: [glucose("100 foods", foods: list(food, 100))],
                outside: [glucose("0 foods", foods: "[]"), glucose("101 foods", foods: list(food, 101))])

        @Test(arguments: cases)
        func eachLimitHoldsAtItsEdge(_ item: Case) {
            let simulator = DirectSimulator()
            let preparedPath = item.endpoint.prepare(simulator, "u1")
            let reply = simulator.call(
                item.endpoint.method, item.path ?? preparedPath, query: item.query, body: item.body, endUser: "u1")
            let text = String(decoding: reply.data, as: UTF8.self)
            if let refusal = item.refusal {
                #expect(reply.status == 400, "\(text)")
                #expect(reply.code == refusal.code, "\(text)")
                #expect(reply.json["message"]?.stringValue?.contains("`\(refusal.field)") == true, "\(text)")
                #expect(ContractSchema.error.violations(of: reply.json) == [])
            } else if let status = item.acceptedStatus {
                #expect(reply.status == status, "\(text)")
                #expect(ContractSchema.error.violations(of: reply.json) == [])
            } else {
                #expect(reply.status == item.endpoint.status, "\(text)")
                if let schema = item.endpoint.schema {
                    #expect(schema.violations(of: reply.json) == [], "\(text)")
                }
            }
        }

        @Test func routingAndAllowanceRefusalsHaveTheErrorShape() {
            let simulator = DirectSimulator()
            var replies: [(Reply, Int, String)] = []
            replies.append((simulator.call("GET", "/v1.2/nothing-here"), 404, "not_found"))
            replies.append((simulator.call("PUT", "/v1.2/credits"), 405, "method_not_allowed"))
            let oversized = #"{"text":""# + String(repeating: "a", count: SimulatorEngine.maximumBodySize) + #""}"#
            replies.append(
                (simulator.call("POST", "/v1.2/food-analysis/text", body: oversized), 413, "payload_too_large"))
            for _ in 0..<60 {
                simulator.call("GET", "/v1.2/credits")
            }
            let readCap = simulator.call("GET", "/v1.2/credits")
            replies.append((readCap, 429, "rate_limited"))
            simulator.books.withLock {
                $0.credits.plan = JanuaryAPISimulator.CreditPlan(name: "pro", includedCredits: 0)
            }
            let ceiling = simulator.call("GET", "/v1.2/foods/1001")
            replies.append((ceiling, 429, "credit_limit_exceeded"))
            for (reply, status, code) in replies {
                reply.expect(status: status, code: code)
                #expect(reply.header("Content-Type") == "application/json")
                #expect(ContractSchema.error.violations(of: reply.json) == [])
            }
            #expect(readCap.header("Retry-After") == "60")
            #expect(ceiling.header("Retry-After") == nil)
            #expect(replies[1].0.header("Allow") == "GET")
        }

        @Test func theDailyWaterCapCountsTheUTCDay() {
            let simulator = DirectSimulator()
            let full = simulator.call(
                "POST", "/v1.2/water-logs",
                body: #"{"amount":{"value":24000,"unit":"ml"},"consumed_at":"2026-03-10T00:00:00Z"}"#, endUser: "u1")
            #expect(full.status == 201)
            let over = simulator.call(
                "POST", "/v1.2/water-logs",
                body: #"{"amount":{"value":30,"unit":"ml"},"consumed_at":"2026-03-10T23:59:59.999Z"}"#, endUser: "u1")
            over.expect(status: 400, code: "daily_water_limit_exceeded")
            let nextDay = simulator.call(
                "POST", "/v1.2/water-logs",
                body: #"{"amount":{"value":30,"unit":"ml"},"consumed_at":"2026-03-11T00:00:00Z"}"#, endUser: "u1")
            #expect(nextDay.status == 201)
        }

        @Test func cgmReadingsHoldTheirRangeAndHistoryItsCompleteDays() {
            let simulator = DirectSimulator()
            func history(days: Int, first: Int, last: Int) -> String {
                let base: TimeInterval = 1_772_323_200  // 2026-03-01T00:00:00Z
                var readings: [String] = []
                for index in 0..<(days * 96) {
                    let value = index == 0 ? first : index == days * 96 - 1 ? last : 100
                    let time = Timestamp.format(Date(timeIntervalSince1970: base + TimeInterval(index * 900)))
                    readings.append(#"{"timestamp":"\#(time)","value":\#(value)}"#)
                }
                let foods = (0..<days).map { day in
                    let time = Timestamp.format(Date(timeIntervalSince1970: base + TimeInterval(day) * 86_400 + 43_200))
                    return #"{"timestamp":"\#(time)","food_id":"1001","serving_id":"5001","quantity":1}"#
                }
                return
                    #","cgm_data":[\#(readings.joined(separator: ","))],"consumed_foods":[\#(foods.joined(separator: ","))]"#
            }
            let body = { (extra: String) in GlucoseTests.body(timezone: "UTC", extra: extra) }
            let inside = simulator.call(
                "POST", "/v1.2/glucose/predictions", body: body(history(days: 5, first: 10, last: 600)))
            #expect(inside.status == 200, "\(String(decoding: inside.data, as: UTF8.self).prefix(300))")
            #expect(ContractSchema.glucosePrediction.violations(of: inside.json) == [])
            for (first, last) in [(9, 100), (100, 601)] {
                let outside = simulator.call(
                    "POST", "/v1.2/glucose/predictions", body: body(history(days: 5, first: first, last: last)))
                #expect(outside.status == 400)
                #expect(outside.json["message"]?.stringValue?.contains("`cgm_data[") == true)
            }
            let short = simulator.call(
                "POST", "/v1.2/glucose/predictions", body: body(history(days: 4, first: 100, last: 100)))
            short.expect(status: 400, code: "invalid_request")
        }
    }
}
