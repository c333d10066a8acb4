import Foundation
import Testing

@testable import JanuaryTestServer

extension SimulatorConformance {
    /// Issue 30: a JSON number becomes an `Int` only when `Int` holds it exactly. `Int(_:)` of a larger `Double`
    /// traps, and on 32-bit watchOS that starts at 2,147,483,648, so the simulator answers a clear 400 instead.
    @Suite("Integers out of range", suiteTimeLimit())
    struct IntegerRangeTests {
        static let outOfRange: [String] = ["1e19", "9223372036854775808", "1e300", "-1e300"]

        @Test(arguments: outOfRange)
        func anIntegerTooLargeForIntIsAClear400(_ number: String) {
            let simulator = DirectSimulator()
            let body = #"{"end_user_id":"u1","scopes":["foods:read"],"ttl_seconds":"# + number + "}"
            let reply = simulator.call("POST", "/v1.2/auth/client-tokens", body: body, endUser: "u1")
            #expect(reply.status == 400, "\(number) was answered \(reply.status)")
            #expect(reply.code == "invalid_request")
            #expect(reply.json["message"]?.stringValue == "`ttl_seconds` is out of range")
        }

        @Test func aFractionIsNotAnInteger() {
            let simulator = DirectSimulator()
            let body = #"{"end_user_id":"u1","scopes":["foods:read"],"ttl_seconds":300.5}"#
            let reply = simulator.call("POST", "/v1.2/auth/client-tokens", body: body, endUser: "u1")
            #expect(reply.status == 400)
            #expect(reply.json["message"]?.stringValue == "`ttl_seconds` must be an integer")
        }

        static let numbers: [Double] = [0, -1, 300, 2_147_483_647, 2_147_483_648, 4_294_967_296, 1e15 - 1, 1e15, 0.5]

        @Test(arguments: numbers)
        func anIntegerIsExactlyWhatIntHolds(_ number: Double) {
            let expected = abs(number) < 1e15 ? Int(exactly: number) : nil
            #expect(JSONValue.number(number).intValue == expected)
            #expect(JSONValue.number(number).isIntegral == (number.rounded() == number))
        }
    }
}
