import Foundation
import Testing

@testable import JanuaryTestServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Simulator scripting", suiteTimeLimit())
struct ScriptingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let failure: JanuaryAPISimulator.ScriptedFailure
        let status: Int
        let code: String
        let retryAfter: String?
        var testDescription: String { failure.description }
    }

    static let cases: [Case] = [
        Case(failure: .rateLimited(retryAfter: 7), status: 429, code: "rate_limited", retryAfter: "7"),
        // January always sends Retry-After on a rate-limited balance read, so the simulator adds one.
        Case(failure: .rateLimited(), status: 429, code: "rate_limited", retryAfter: "1"),
        Case(failure: .creditLimitExceeded, status: 429, code: "credit_limit_exceeded", retryAfter: nil),
        Case(failure: .requestLimitExceeded, status: 429, code: "request_limit_exceeded", retryAfter: nil),
        Case(failure: .internalError, status: 500, code: "internal_error", retryAfter: nil),
        Case(failure: .notImplemented, status: 501, code: "not_implemented", retryAfter: nil),
        Case(failure: .upstreamError, status: 502, code: "upstream_error", retryAfter: nil),
        Case(failure: .serviceUnavailable, status: 503, code: "service_unavailable", retryAfter: nil),
        Case(failure: .upstreamTimeout, status: 504, code: "upstream_timeout", retryAfter: nil),
        Case(failure: .error(status: 409, code: "conflict"), status: 409, code: "conflict", retryAfter: nil),
    ]

    @Test(arguments: cases)
    func scriptedFailuresAnswerBeforeAuthenticationThenStop(_ item: Case) async throws {
        let harness = try SimulatorHarness()
        harness.simulator.failNext(2, with: item.failure)
        for _ in 0..<2 {
            let reply = try await harness.call("GET", "/v1.2/credits", credential: .none)
            reply.expect(status: item.status, code: item.code)
            #expect(reply.header("Retry-After") == item.retryAfter)
            #expect(reply.header("Content-Type") == "application/json")
            #expect(reply.header("x-request-id") != nil)
        }
        let after = try await harness.call("GET", "/v1.2/credits")
        #expect(after.status == 200)
        #expect(harness.simulator.statistics.scriptedFailuresServed == 2)
        #expect(harness.simulator.requestLog.map(\.wasScripted) == [true, true, false])
        #expect(harness.simulator.pendingScriptedFailures == 0)
    }

    @Test(
        "each token rejection can be answered with and without its JSON body",
        arguments: [
            (JanuaryAPISimulator.ScriptedFailure.tokenExpired, "token_expired", "token expired"),
            (.tokenInvalid, "token_invalid", "token invalid"),
            (.tokenRevoked, "token_revoked", "token revoked"),
        ]
    )
    func tokenRejectionsWithAndWithoutBody(failure: JanuaryAPISimulator.ScriptedFailure, code: String, says: String)
        async throws
    {
        let harness = try SimulatorHarness()
        let challenge = #"Bearer error="invalid_token", error_description="\#(says)""#
        harness.simulator.failNext(with: failure)
        harness.simulator.failNext(with: failure.withoutBody)
        let withBody = try await harness.call("GET", "/v1.2/credits")
        withBody.expect(status: 401, code: code)
        #expect(withBody.header("WWW-Authenticate") == challenge)
        let bare = try await harness.call("GET", "/v1.2/credits")
        #expect(bare.status == 401)
        #expect(bare.data.isEmpty)
        #expect(bare.header("Content-Type") == nil)
        #expect(bare.header("WWW-Authenticate") == challenge)
        #expect(failure.withoutBody.description == "401 \(code) without body")
        #expect(harness.simulator.requestLog.map(\.errorCode) == [code, nil])
        #expect(harness.simulator.statistics.tokensRejected == 2)
    }

    @Test func theBareStandardChallengeHasNeitherBodyNorDescription() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.failNext(with: .bareInvalidTokenChallenge)
        let reply = try await harness.call("GET", "/v1.2/credits")
        #expect(reply.status == 401)
        #expect(reply.data.isEmpty)
        #expect(reply.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
    }

    @Test func aScripted401StandsInForAValidCredential() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.failNext(with: .tokenExpired)
        let reply = try await harness.call("GET", "/v1.2/credits")
        reply.expect(status: 401, code: "token_expired")
        #expect(reply.header("WWW-Authenticate") == #"Bearer error="invalid_token", error_description="token expired""#)
        #expect(harness.simulator.statistics.tokensRejected == 1)
    }

    @Test func filtersByMethodAndPathPrefixAndKeepsOrder() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.failNext(with: .internalError, method: "POST")
        harness.simulator.failNext(with: .upstreamError, pathPrefix: "/v1.2/cred")
        harness.simulator.failNext(with: .upstreamTimeout, pathPrefix: "/v1.2/cred")
        #expect(harness.simulator.pendingScriptedFailures == 3)
        let status1 = try await harness.call("GET", "/v1.2/credits").status
        #expect(status1 == 502)
        let status2 = try await harness.call("GET", "/v1.2/credits").status
        #expect(status2 == 504)
        let status3 = try await harness.call("GET", "/v1.2/credits").status
        #expect(status3 == 200)
        let post = try await harness.call("POST", "/v1.2/auth/client-token-revocations", body: #"{"end_user_id":"u"}"#)
        #expect(post.status == 500)
        harness.simulator.failNext(with: .internalError)
        harness.simulator.clearScriptedFailures()
        let status4 = try await harness.call("GET", "/v1.2/credits").status
        #expect(status4 == 200)
    }

    @Test func aScriptedClosedConnectionFailsTheRequest() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.failNext(with: .closeConnection)
        await #expect(throws: (any Error).self) {
            try await harness.call("GET", "/v1.2/credits")
        }
        #expect(harness.simulator.requestLog.first?.status == nil)
        let status5 = try await harness.call("GET", "/v1.2/credits").status
        #expect(status5 == 200)
    }

    @Test func thePartnerBackendIsNeverFailedByTheScript() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.failNext(with: .internalError)
        let reply = try await harness.call("POST", JanuaryAPISimulator.partnerBackendTokenPath, credential: .none)
        #expect(reply.status == 201)
        #expect(harness.simulator.pendingScriptedFailures == 1)
    }
}
