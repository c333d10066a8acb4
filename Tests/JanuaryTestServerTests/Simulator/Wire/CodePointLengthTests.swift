import Foundation
import Testing

@testable import JanuaryTestServer

extension SimulatorConformance {
    /// Issue 25, item 5: January counts string lengths in Unicode code points, not in visible characters.
    @Suite("Lengths in code points", suiteTimeLimit())
    struct CodePointLengthTests {
        /// `count` code points that show as about half as many characters: `e` + U+0301 COMBINING ACUTE ACCENT.
        static func text(codePoints count: Int) -> String {
            String(repeating: "e\u{301}", count: count / 2) + (count % 2 == 1 ? "e" : "")
        }

        struct Limit: Sendable, CustomTestStringConvertible {
            let field: String
            let maximum: Int
            /// The request for a string of the given length: method, path, query, body, end user.
            let request: @Sendable (String) -> (String, String, [(String, String)], String?, String?)
            var testDescription: String { "\(field) ≤ \(maximum)" }
        }

        static let limits: [Limit] = [
            Limit(field: "query", maximum: 256) { ("GET", "/v1.2/foods", [("query", $0)], nil, nil) },
            Limit(field: "query", maximum: 64) { ("GET", "/v1.2/foods/autocomplete", [("query", $0)], nil, nil) },
            Limit(field: "query", maximum: 256) {
                (
                    "GET", "/v1.2/restaurants", [("query", $0), ("latitude", "37.79"), ("longitude", "-122.39")], nil,
                    nil
                )
            },
            Limit(field: "query", maximum: 256) {
                ("GET", "/v1.2/menu-items", [("query", $0), ("latitude", "37.79"), ("longitude", "-122.39")], nil, nil)
            },
            Limit(field: "text", maximum: 512) { ("POST", "/v1.2/food-analysis/text", [], #"{"text":"\#($0)"}"#, nil) },
            Limit(field: "name", maximum: 256) {
                (
                    "POST", "/v1.2/food-logs", [],
                    #"{"foods":[{"food_id":"1001","serving_id":"5001","quantity":1}],"name":"\#($0)"}"#, "u1"
                )
            },
            Limit(field: "end_user_id", maximum: 64) {
                ("POST", "/v1.2/auth/client-tokens", [], #"{"end_user_id":"\#($0)","scopes":["foods:read"]}"#, nil)
            },
            Limit(field: "end_user_id", maximum: 64) {
                ("POST", "/v1.2/auth/client-token-revocations", [], #"{"end_user_id":"\#($0)"}"#, nil)
            },
            Limit(field: "instruction", maximum: 1000) {
                (
                    "POST", "/v1.2/food-analysis/corrections", [],
                    #"{"analysis":{"detections":[]},"instruction":"\#($0)"}"#, nil
                )
            },
            Limit(field: "analysis.meal_name", maximum: 256) {
                (
                    "POST", "/v1.2/food-analysis/corrections", [],
                    #"{"analysis":{"meal_name":"\#($0)","detections":[]},"instruction":"double it"}"#, nil
                )
            },
        ]

        @Test(arguments: limits)
        func theLimitIsInclusiveInCodePoints(_ limit: Limit) {
            let simulator = DirectSimulator()
            let (method, path, query, body, user) = limit.request(Self.text(codePoints: limit.maximum))
            let inside = simulator.call(method, path, query: query, body: body, endUser: user)
            #expect((200..<300).contains(inside.status), "\(String(decoding: inside.data, as: UTF8.self))")
            let (_, _, query2, body2, _) = limit.request(Self.text(codePoints: limit.maximum + 1))
            let outside = simulator.call(method, path, query: query2, body: body2, endUser: user)
            #expect(outside.status == 400, "\(limit.maximum + 1) code points were answered \(outside.status)")
            #expect(outside.code == "invalid_request")
            #expect(outside.json["message"]?.stringValue?.contains("`\(limit.field)`") == true)
        }
    }
}
