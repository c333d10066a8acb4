import Foundation
import Testing

@testable import JanuaryTestServer

@Suite("Simulator authentication", suiteTimeLimit())
struct AuthenticationTests {
    struct RefusedCredential: Sendable, CustomTestStringConvertible {
        let label: String
        let authorization: String?
        let code: String

        var testDescription: String { label }
    }

    static let refusedCredentials: [RefusedCredential] = [
        RefusedCredential(label: "no header", authorization: nil, code: "unauthorized"),
        RefusedCredential(label: "unknown key", authorization: "Bearer sk-never-registered", code: "unauthorized"),
        RefusedCredential(label: "basic scheme", authorization: "Basic dXNlcjpwYXNz", code: "unauthorized"),
        RefusedCredential(label: "bearer without value", authorization: "Bearer", code: "unauthorized"),
        RefusedCredential(label: "unknown prefix", authorization: "Bearer abc-123", code: "unauthorized"),
    ]

    @Test(arguments: refusedCredentials)
    func refusesMissingOrUnknownCredentialsWithABareChallenge(_ item: RefusedCredential) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call(
            "GET",
            "/v1.2/credits",
            credential: item.authorization.map { .raw($0) } ?? .none
        )
        reply.expect(status: 401, code: item.code)
        #expect(reply.json["message"]?.stringValue?.isEmpty == false)
        #expect(reply.header("WWW-Authenticate") == "Bearer")
        #expect(reply.header("Content-Type") == "application/json")
        #expect(harness.simulator.statistics.tokensRejected == 0)
        #expect(harness.simulator.statistics.requestsWithoutCredential == (item.authorization == nil ? 1 : 0))
    }

    enum TokenFate: String, Sendable, CaseIterable {
        case expired, invalid, revoked, revokedForUser, expiredForUser
    }

    @Test(arguments: TokenFate.allCases)
    func refusesARejectedClientTokenWithTheInvalidTokenChallenge(_ fate: TokenFate) async throws {
        let harness = try SimulatorHarness(tokenLifetime: 600)
        var token = harness.token(for: "user-7")
        let expected: (code: String, description: String)
        switch fate {
        case .expired:
            harness.clock.advance(by: 600)
            expected = ("token_expired", "token expired")
        case .expiredForUser:
            #expect(harness.simulator.expireTokens(forEndUser: "user-7") == 1)
            expected = ("token_expired", "token expired")
        case .invalid:
            token = "ct-" + String(repeating: "A", count: 43)
            expected = ("token_invalid", "token invalid")
        case .revoked:
            harness.simulator.revokeIssuedTokens()
            expected = ("token_revoked", "token revoked")
        case .revokedForUser:
            #expect(harness.simulator.revokeTokens(forEndUser: "user-7") == 1)
            expected = ("token_revoked", "token revoked")
        }
        let reply = try await harness.call("GET", "/v1.2/credits", credential: .token(token))
        reply.expect(status: 401, code: expected.code)
        #expect(
            reply.header("WWW-Authenticate")
                == #"Bearer error="invalid_token", error_description="\#(expected.description)""#
        )
        #expect(harness.simulator.statistics.tokensRejected == 1)
    }

    @Test func revokingOrExpiringOneUserLeavesOthersAlone() async throws {
        let harness = try SimulatorHarness()
        let kept = harness.token(for: "user-b")
        _ = harness.token(for: "user-a")
        #expect(harness.simulator.revokeTokens(forEndUser: "user-a") == 1)
        #expect(harness.simulator.expireTokens(forEndUser: "user-a") == 0)
        let reply = try await harness.call("GET", "/v1.2/credits", credential: .token(kept))
        #expect(reply.code == "client_token_not_allowed")
    }

    @Test func mintsTokensOfTheDocumentedShape() throws {
        let harness = try SimulatorHarness(tokenLifetime: 900)
        let token = harness.simulator.mintToken()
        #expect(token.value.hasPrefix("ct-"))
        #expect(token.value.count == 46)
        #expect(token.value.dropFirst(3).allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(token.value.dropFirst(3).allSatisfy { $0.isASCII })
        #expect(token.expiresIn == 900)
        #expect(token.expiresAt == SimulatorHarness.start.addingTimeInterval(900))
        #expect(token.endUserID == JanuaryAPISimulator.defaultEndUserID)
        #expect(token.scopes == JanuaryAPISimulator.Scope.all)
        #expect(JanuaryAPISimulator.Scope.all.count == 10)
        harness.simulator.defaultEndUserID = "someone-else"
        #expect(harness.simulator.mintToken().endUserID == "someone-else")
        #expect(harness.simulator.statistics.tokensIssued == 2)
    }

    @Test func apiKeyOnlyOperationsRefuseClientTokens() async throws {
        let harness = try SimulatorHarness()
        let token = harness.token()
        for (method, path, body) in [
            ("GET", "/v1.2/credits", nil),
            ("POST", "/v1.2/auth/client-tokens", #"{"end_user_id":"u","scopes":["foods:read"]}"#),
            ("POST", "/v1.2/auth/client-token-revocations", #"{"end_user_id":"u"}"#),
        ] as [(String, String, String?)] {
            let reply = try await harness.call(method, path, body: body, credential: .token(token))
            #expect(reply.status == 403, "\(path)")
            #expect(reply.code == "client_token_not_allowed", "\(path)")
        }
    }
}
