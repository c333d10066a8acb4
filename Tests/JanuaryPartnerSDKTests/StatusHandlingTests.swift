import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer
import Testing

@Suite("Statuses that are not retried")
struct StatusHandlingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let status: Int
        let challenges: [String]
        let category: JanuaryError.Category
        var testDescription: String { name }
    }

    @Test(
        "answers a refresh cannot fix are never retried",
        arguments: [
            Case(name: "401 without a challenge", status: 401, challenges: [], category: .authentication),
            Case(name: "401 Basic only", status: 401, challenges: [#"Basic realm="x""#], category: .authentication),
            Case(
                name: "401 Basic beside Bearer without error",
                status: 401,
                challenges: [#"Basic realm="x", Bearer realm="january""#],
                category: .authentication
            ),
            Case(
                name: "401 invalid_request",
                status: 401,
                challenges: [#"Bearer error="invalid_request""#],
                category: .authentication
            ),
            Case(
                name: "403 insufficient_scope",
                status: 403,
                challenges: [#"Bearer error="insufficient_scope", scope="meals:write""#],
                category: .authentication
            ),
            Case(
                name: "403 with invalid_token is not a 401",
                status: 403,
                challenges: [#"Bearer error="invalid_token""#],
                category: .authentication
            ),
            Case(name: "404", status: 404, challenges: [], category: .invalidInput),
            Case(name: "500", status: 500, challenges: [], category: .server),
            Case(name: "503", status: 503, challenges: [], category: .server),
        ]
    )
    func notRetried(testCase: Case) async throws {
        let harness = try Harness()
        var fields = testCase.challenges.map { HeaderField(name: "WWW-Authenticate", value: $0) }
        fields.append(HeaderField(name: "X-January-API-Request-ID", value: "req_fault_1"))
        harness.server.enqueue(ScriptedResponse(status: testCase.status, headerFields: fields))
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(.ping)
        }
        #expect(error?.category == testCase.category)
        #expect(error?.statusCode == testCase.status)
        #expect(error?.requestID == "req_fault_1")
        #expect(harness.server.receivedRequests.count == 1)
        #expect(harness.provider.callCount == 1)
        #expect(harness.events.count(of: .requestRetried) == 0)
    }

    @Test("cancelling the calling task cancels a slow request and nothing is retried")
    func cancellationCancelsTheRequest() async throws {
        let harness = try Harness()
        harness.server.enqueue(ScriptedResponse(status: 200, delay: 30))
        let task = Task { try await harness.client.send(.ping) }
        while harness.server.receivedRequests.isEmpty {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        task.cancel()
        let error = await #expect(throws: JanuaryError.self) {
            try await task.value
        }
        #expect(error?.category == .cancelled)
        #expect(harness.server.receivedRequests.count == 1)
        #expect(harness.events.count(of: .requestRetried) == 0)
    }
}
