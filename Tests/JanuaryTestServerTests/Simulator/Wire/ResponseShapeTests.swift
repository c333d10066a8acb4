import Foundation
import Testing

@testable import JanuaryTestServer

extension SimulatorConformance {
    /// Issue 25, item 6: no key January never sends, no unit outside its vocabulary, no animated GIF analysed.
    @Suite("Shapes January sends", suiteTimeLimit())
    struct ResponseShapeTests {
        @Test func aGlucosePredictionHasOnlyTheContractsKeys() throws {
            let simulator = DirectSimulator()
            let reply = simulator.call("POST", "/v1.2/glucose/predictions", body: GlucoseTests.body())
            #expect(reply.status == 200)
            #expect(reply.json.objectValue?.keys.sorted() == ["chart", "impact_score", "points"])
            #expect(reply.header("x-simulated") == "true")
        }

        static func correction(unit: String) -> String {
            #"""
            {"analysis":{"meal_name":"Eggs","detections":[{"confidence":"high","food":{"name":"egg","brand_name":null,"id":"1003","quantity":2,"nutrients":{"calories":{"value":156,"unit":"\#(unit)"}},"serving":{"id":"5006","quantity":1,"unit":"large","weight_grams":50}}}]},"instruction":"double the eggs"}
            """#
        }

        @Test(arguments: ["Calories", "kcals", "grams", "KCAL", ""])
        func aCorrectionRefusesANutrientUnitOutsideTheVocabulary(_ unit: String) {
            let simulator = DirectSimulator()
            let reply = simulator.call("POST", "/v1.2/food-analysis/corrections", body: Self.correction(unit: unit))
            #expect(reply.status == 400, "\(unit) was answered \(reply.status)")
            #expect(reply.code == "invalid_request")
            #expect(
                reply.json["message"]?.stringValue?.contains("`analysis.detections[0].food.nutrients.calories.unit`")
                    == true
            )
        }

        @Test func aCorrectionKeepsAVocabularyUnit() {
            let simulator = DirectSimulator()
            let reply = simulator.call("POST", "/v1.2/food-analysis/corrections", body: Self.correction(unit: "kcal"))
            #expect(reply.status == 200)
            #expect(reply.json["total_nutrients"]?["calories"]?["unit"]?.stringValue == "kcal")
        }

        /// A 1×1 GIF89a with a two-colour table; `frames` images, each after a graphic control extension, with the
        /// NETSCAPE2.0 looping extension when there is more than one.
        static func gif(frames: Int) -> Data {
            var bytes: [UInt8] = Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]
            bytes += [0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF]
            if frames > 1 {
                bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
            }
            for _ in 0..<frames {
                bytes += [0x21, 0xF9, 0x04, 0x00, 0x0A, 0x00, 0x00, 0x00]
                bytes += [0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
                bytes += [0x02, 0x02, 0x44, 0x01, 0x00]
            }
            return Data(bytes + [0x3B])
        }

        @Test func anAnimatedGIFIsRefusedAndAStillOneAnalysed() {
            let simulator = DirectSimulator()
            let animated = simulator.call(
                "POST", "/v1.2/food-analysis/image",
                body: #"{"image":"data:image/gif;base64,\#(Self.gif(frames: 2).base64EncodedString())"}"#)
            animated.expect(status: 400, code: "image_format_unsupported")
            let still = simulator.call(
                "POST", "/v1.2/food-analysis/image",
                body: #"{"image":"data:image/gif;base64,\#(Self.gif(frames: 1).base64EncodedString())"}"#)
            #expect(still.status == 200)
        }
    }
}
