import Foundation
import Testing

@testable import JanuaryTestServer

extension SimulatorConformance {
    /// Issue 25, item 2: `null` is refused wherever the contract's request schemas do not allow it.
    @Suite("Null in request bodies", suiteTimeLimit())
    struct NullRefusalTests {
        static let updates = [
            (#"{"name":null}"#, "`name`"),
            (#"{"eaten_at":null}"#, "`eaten_at`"),
            (#"{"foods":null}"#, "`foods`"),
            (#"{"name":"Lunch","eaten_at":null}"#, "`eaten_at`"),
        ]

        @Test(arguments: updates)
        func anUpdateRefusesNull(_ body: String, _ field: String) throws {
            let simulator = DirectSimulator()
            let created = simulator.call(
                "POST", "/v1.2/food-logs", body: FoodLogTests.log("1001", "5001", 1), endUser: "u1")
            let id = try #require(created.json["id"]?.stringValue)
            let reply = simulator.call("PATCH", "/v1.2/food-logs/\(id)", body: body, endUser: "u1")
            #expect(reply.status == 400, "\(body) was answered \(reply.status)")
            #expect(reply.code == "invalid_request")
            #expect(reply.json["message"]?.stringValue?.contains(field) == true)
        }

        static let creates: [(String, String, String)] = [
            (
                "/v1.2/food-logs", #"{"foods":[{"food_id":"1001","serving_id":"5001","quantity":1}],"name":null}"#,
                "`name`"
            ),
            (
                "/v1.2/food-logs", #"{"foods":[{"food_id":"1001","serving_id":"5001","quantity":1}],"eaten_at":null}"#,
                "`eaten_at`"
            ),
            ("/v1.2/water-logs", #"{"amount":{"value":250,"unit":"ml"},"consumed_at":null}"#, "`consumed_at`"),
            ("/v1.2/weight-logs", #"{"weight":{"value":70,"unit":"kg"},"measured_at":null}"#, "`measured_at`"),
            (
                "/v1.2/auth/client-tokens", #"{"end_user_id":"u1","scopes":["foods:read"],"ttl_seconds":null}"#,
                "`ttl_seconds`"
            ),
            ("/v1.2/foods/1001/alternatives", #"{"diet_restrictions":null}"#, "`diet_restrictions`"),
            (
                "/v1.2/food-analysis/image", #"{"image":"https://photos.example.com/x.jpg","reasoning":null}"#,
                "`reasoning`"
            ),
            ("/v1.2/glucose/predictions", GlucoseTests.body(extra: #","cgm_data":null"#), "`cgm_data`"),
            (
                "/v1.2/glucose/predictions",
                GlucoseTests.body(
                    profile:
                        #"{"age":40,"sex":"female","height":{"value":65,"unit":"in"},"weight":{"value":150,"unit":"lb"},"activity_level":null}"#
                ),
                "`user_profile.activity_level`"
            ),
        ]

        @Test(arguments: creates)
        func otherBodiesRefuseNull(_ path: String, _ body: String, _ field: String) {
            let simulator = DirectSimulator()
            let reply = simulator.call("POST", path, body: body, endUser: "u1")
            #expect(reply.status == 400, "\(body) was answered \(reply.status)")
            #expect(reply.code == "invalid_request")
            #expect(reply.json["message"]?.stringValue?.contains(field) == true)
        }
    }
}
