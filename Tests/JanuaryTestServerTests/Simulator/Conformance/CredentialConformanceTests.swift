import Foundation
import Testing

@testable import JanuaryTestServer

extension SimulatorConformance {
    /// Every operation against the credential rules and the end-user rules (Docs/Contract.md), each answer
    /// checked against its schema.
    @Suite("Conformance: credentials and end users", suiteTimeLimit())
    struct CredentialConformanceTests {
        /// A way to call, and what January answers to it, by the operation's kind.
        enum Caller: String, CaseIterable, Sendable {
            case noCredential, unknownKey, otherScheme, emptyBearer, unknownToken, expiredToken, revokedToken
            case tokenWithoutScope, tokenWithOnlyItsScope, tokenWithSameUser, tokenWithOtherUser
            case apiKeyWithoutUser, apiKeyWithUser, apiKeyWithBlankUser
        }

        /// The status and code January answers, or `nil` code for the operation's success.
        static func expected(_ caller: Caller, _ endpoint: Endpoint) -> (status: Int, code: String?) {
            let success = (endpoint.status, String?.none)
            switch caller {
            case .noCredential, .unknownKey, .otherScheme, .emptyBearer: return (401, "unauthorized")
            case .unknownToken: return (401, "token_invalid")
            case .expiredToken: return (401, "token_expired")
            case .revokedToken: return (401, "token_revoked")
            case .tokenWithoutScope:
                return endpoint.isAPIKeyOnly ? (403, "client_token_not_allowed") : (403, "scope_insufficient")
            case .tokenWithOnlyItsScope, .tokenWithSameUser:
                return endpoint.isAPIKeyOnly ? (403, "client_token_not_allowed") : success
            case .tokenWithOtherUser:
                if endpoint.isAPIKeyOnly { return (403, "client_token_not_allowed") }
                return endpoint.isPerUser ? (403, "end_user_id_mismatch") : success
            case .apiKeyWithoutUser, .apiKeyWithBlankUser:
                return endpoint.isPerUser ? (400, "end_user_id_required") : success
            case .apiKeyWithUser:
                return success
            }
        }

        @Test(arguments: Endpoint.all, Caller.allCases)
        func theCredentialAndEndUserRulesHold(_ endpoint: Endpoint, _ caller: Caller) throws {
            let simulator = DirectSimulator()
            let path = endpoint.prepare(simulator, "u1")
            let everyOtherScope = Endpoint.Scope.all.filter { $0 != endpoint.scope }
            let credential: Credential
            var endUser: String?
            switch caller {
            case .noCredential: credential = .none
            case .unknownKey: credential = .raw("Bearer sk-never-registered")
            case .otherScheme: credential = .raw("Basic \(SimulatorHarness.apiKey)")
            case .emptyBearer: credential = .raw("Bearer ")
            case .unknownToken: credential = .token("ct-" + String(repeating: "A", count: 43))
            case .expiredToken:
                credential = .token(simulator.token(for: "u1", lifetime: 300))
                simulator.clock.advance(by: 300)
            case .revokedToken:
                credential = .token(simulator.token(for: "u1"))
                let now = simulator.clock.now()
                _ = simulator.books.withLock { $0.credentials.revoke(endUserID: "u1", now: now) }
            case .tokenWithoutScope: credential = .token(simulator.token(for: "u1", scopes: everyOtherScope))
            case .tokenWithOnlyItsScope:
                credential = .token(simulator.token(for: "u1", scopes: endpoint.scope.map { [$0] } ?? everyOtherScope))
            case .tokenWithSameUser:
                credential = .token(simulator.token(for: "u1"))
                endUser = "u1"
            case .tokenWithOtherUser:
                credential = .token(simulator.token(for: "u1"))
                endUser = "u2"
            case .apiKeyWithoutUser: credential = .key
            case .apiKeyWithUser:
                credential = .key
                endUser = "u1"
            case .apiKeyWithBlankUser:
                credential = .key
                endUser = "  "
            }
            let reply = endpoint.send(simulator, path: path, credential: credential, endUser: endUser)
            let expected = Self.expected(caller, endpoint)
            let body = String(decoding: reply.data, as: UTF8.self)
            #expect(reply.status == expected.status, "\(body)")
            #expect(reply.header("x-request-id") != nil)
            if let code = expected.code {
                #expect(reply.code == code, "\(body)")
                #expect(reply.header("Content-Type") == "application/json")
                #expect(ContractSchema.error.violations(of: reply.json) == [])
                if expected.status == 401 {
                    let challenge =
                        code == "unauthorized"
                        ? "Bearer"
                        : #"Bearer error="invalid_token", error_description="\#(code.replacingOccurrences(of: "_", with: " "))""#
                    #expect(reply.header("WWW-Authenticate") == challenge)
                }
            } else if let schema = endpoint.schema {
                #expect(schema.violations(of: reply.json) == [], "\(body)")
            } else {
                #expect(reply.data.isEmpty)
                #expect(reply.header("Content-Type") == nil)
            }
        }

        @Test(arguments: Endpoint.all)
        func eachSuccessMatchesItsSchemaAndIsSentAsJSON(_ endpoint: Endpoint) throws {
            let simulator = DirectSimulator()
            let path = endpoint.prepare(simulator, "u1")
            let reply = endpoint.send(simulator, path: path, credential: .key, endUser: "u1")
            #expect(reply.status == endpoint.status, "\(String(decoding: reply.data, as: UTF8.self))")
            if let schema = endpoint.schema {
                #expect(reply.header("Content-Type") == "application/json")
                #expect(schema.violations(of: reply.json) == [])
            }
            if endpoint.operation == "createFoodLog" {
                let id = try #require(reply.json["id"]?.stringValue)
                #expect(reply.header("Location") == "/v1.2/food-logs/\(id)")
            }
        }
    }
}
