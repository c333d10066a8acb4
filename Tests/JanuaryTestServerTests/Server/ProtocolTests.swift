import Foundation
import Testing

@testable import JanuaryTestServer

@Suite("Simulator protocol", suiteTimeLimit())
struct ProtocolTests {
    @Test func everyResponseCarriesAUniqueRequestIDAndTheClocksDate() async throws {
        let harness = try SimulatorHarness()
        let first = try await harness.call("GET", "/v1.2/credits")
        harness.clock.advance(by: 86_400 + 3661)
        let second = try await harness.call("GET", "/v1.2/nowhere")
        let third = try await harness.call("GET", "/v1.2/credits", credential: .none)
        let ids = [first, second, third].compactMap { $0.header("x-request-id") }
        #expect(ids.count == 3)
        #expect(Set(ids).count == 3)
        #expect(first.header("Date") == "Tue, 10 Mar 2026 15:00:00 GMT")
        #expect(second.header("Date") == "Wed, 11 Mar 2026 16:01:01 GMT")
        #expect(harness.simulator.requestLog.map(\.requestID) == ids)
    }

    @Test func unknownPathsAnswerNotFoundAndWrongMethodsMethodNotAllowed() async throws {
        let harness = try SimulatorHarness()
        let missing = try await harness.call("GET", "/v1.2/does-not-exist")
        missing.expect(status: 404, code: "not_found")
        #expect(missing.header("Content-Type") == "application/json")
        let unversioned = try await harness.call("GET", "/v1.1/credits")
        #expect(unversioned.status == 404)
        let wrongMethod = try await harness.call("DELETE", "/v1.2/credits")
        wrongMethod.expect(status: 405, code: "method_not_allowed")
        #expect(wrongMethod.header("Allow") == "GET")
    }

    @Test func oversizedBodiesAnswerPayloadTooLarge() async throws {
        let harness = try SimulatorHarness()
        let big = Data(repeating: 0x20, count: 5 * 1024 * 1024 + 1)
        let reply = try await harness.call("POST", "/v1.2/auth/client-tokens", bodyData: big)
        reply.expect(status: 413, code: "payload_too_large")
    }

    @Test func theRequestLogRecordsKindsNeverValues() async throws {
        let harness = try SimulatorHarness()
        let token = harness.token()
        try await harness.call(
            "GET", "/v1.2/credits", query: [("a", "1 2")], credential: .token(token), endUser: "u%41")
        try await harness.call("GET", "/v1.2/credits")
        try await harness.call("GET", "/v1.2/credits", credential: .none)
        try await harness.call("GET", "/v1.2/credits", credential: .raw("Token abc"))
        let log = harness.simulator.requestLog
        #expect(log.map(\.credential) == [.clientToken, .apiKey, .none, .malformed])
        #expect(log.map(\.status) == [403, 200, 401, 401])
        #expect(log.map(\.operation) == ["getCredits", "getCredits", "getCredits", "getCredits"])
        #expect(log[0].endUserHeader == "u%41")
        #expect(log[0].queryItems == [URLQueryItem(name: "a", value: "1 2")])
        #expect(log[0].errorCode == "client_token_not_allowed")
        #expect(log.map(\.method) == ["GET", "GET", "GET", "GET"])
        #expect(!String(describing: log).contains(token))
        #expect(!String(describing: log).contains(SimulatorHarness.apiKey))
        harness.simulator.clearRequestLog()
        #expect(harness.simulator.requestLog.isEmpty)
        #expect(harness.simulator.server.receivedRequests.count == 4)
    }
}
