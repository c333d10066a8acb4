import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// When January rejects a token, over the real URLSession against the simulator: what is refreshed, what is
/// replayed, and what fails at once.
@Suite("401 and 403 end to end", suiteTimeLimit())
struct TokenRejectionEndToEndTests {
    struct Variant: Sendable, CustomTestStringConvertible {
        let name: String
        let script: @Sendable (JanuaryAPISimulator) -> Void
        /// Provider calls in all, the first request included.
        let providerCalls: Int
        /// Requests the simulator answered, the first request included.
        let serverHits: Int
        let failsWith: String?
        var testDescription: String { name }
    }

    struct SessionEnded: Error {}

    /// A provider that mints one token for ``ClientHarness/endUserID`` and then fails as a signed-out app's would.
    static func mintsOnceThenEnds(_ simulator: JanuaryAPISimulator, _: ManualClock) -> CountingProvider {
        CountingProvider { call in
            guard call == 1 else {
                throw SessionEnded()
            }
            let token = simulator.mintToken(endUserID: ClientHarness.endUserID)
            return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
        }
    }

    /// January's token answers (Docs/Authentication.md): only an expired token is minted again and the request replayed.
    static let variants: [Variant] = [
        Variant(
            name: "token expired (challenge and code)",
            script: { _ = $0.expireTokens(forEndUser: ClientHarness.endUserID) },
            providerCalls: 2, serverHits: 3, failsWith: nil),
        Variant(
            name: "scripted token_expired", script: { $0.failNext(with: .tokenExpired) },
            providerCalls: 2, serverHits: 3, failsWith: nil),
        Variant(
            name: "token_expired without the JSON body: the challenge's description says expired",
            script: { $0.failNext(with: .tokenExpired.withoutBody) }, providerCalls: 2, serverHits: 3,
            failsWith: nil),
        Variant(
            name: "the bare standard challenge, with neither code nor description",
            script: { $0.failNext(with: .bareInvalidTokenChallenge) }, providerCalls: 2, serverHits: 3,
            failsWith: nil),
        Variant(
            name: "code token_expired without any challenge (a gateway stripped it)",
            script: { $0.failNext(with: .error(status: 401, code: "token_expired")) },
            providerCalls: 2, serverHits: 3, failsWith: nil),
        Variant(
            name: "token invalid: surfaced, not refreshed", script: { $0.failNext(with: .tokenInvalid) },
            providerCalls: 1, serverHits: 2, failsWith: "token_invalid"),
        Variant(
            name: "token_invalid without the JSON body: surfaced from the challenge's description",
            script: { $0.failNext(with: .tokenInvalid.withoutBody) }, providerCalls: 1, serverHits: 2,
            failsWith: "token_invalid"),
        Variant(
            name: "token revoked by January: surfaced, not refreshed",
            script: { _ = $0.revokeTokens(forEndUser: ClientHarness.endUserID) },
            providerCalls: 1, serverHits: 2, failsWith: "token_revoked"),
        Variant(
            name: "scripted token_revoked", script: { $0.failNext(with: .tokenRevoked) },
            providerCalls: 1, serverHits: 2, failsWith: "token_revoked"),
        Variant(
            name: "token_revoked without the JSON body: surfaced from the challenge's description",
            script: { $0.failNext(with: .tokenRevoked.withoutBody) }, providerCalls: 1, serverHits: 2,
            failsWith: "token_revoked"),
        Variant(
            name: "unauthorized with a bare Bearer challenge", script: { $0.failNext(with: .unauthorized) },
            providerCalls: 1, serverHits: 2, failsWith: "unauthorized"),
        Variant(
            name: "401 with no challenge and no code",
            script: { $0.failNext(with: .error(status: 401, code: "other")) },
            providerCalls: 1, serverHits: 2, failsWith: "other"),
    ]

    @Test("each 401 variant gives the documented refreshes and replays", arguments: variants)
    func variant(variant: Variant) async throws {
        let harness = try ClientHarness()
        _ = try await harness.client.send(.autocomplete)
        variant.script(harness.simulator)
        if let code = variant.failsWith {
            let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
            #expect(error?.category == .authentication)
            #expect(error?.code?.rawValue == code)
            #expect(error?.statusCode == 401)
            #expect(error?.requestID?.hasPrefix("req_") == true)
            #expect(harness.events.count(of: .requestRetried) == 0)
        } else {
            let response = try await harness.client.send(.autocomplete)
            #expect(response.statusCode == 200)
            try await harness.events.waitForEvents(of: .requestRetried)
            #expect(harness.events.count(of: .requestRetried) == 1)
        }
        #expect(harness.provider.callCount == variant.providerCalls)
        #expect(harness.apiRequestCount == variant.serverHits)
    }

    @Test(
        "a revoked or unknown token is dropped: the next request gets a new token, and an event says why",
        arguments: [
            JanuaryAPISimulator.ScriptedFailure.tokenRevoked, .tokenRevoked.withoutBody, .tokenInvalid,
            .tokenInvalid.withoutBody,
        ]
    )
    func revokedTokenIsDropped(failure: JanuaryAPISimulator.ScriptedFailure) async throws {
        let harness = try ClientHarness()
        _ = try await harness.client.send(.autocomplete)
        harness.simulator.failNext(with: failure)
        await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(harness.provider.callCount == 1)
        _ = try await harness.client.send(.autocomplete)
        #expect(harness.provider.callCount == 2)
        let credentials = harness.credentialsSeen.filter { $0?.hasPrefix("Bearer ct-") == true }
        #expect(credentials.count == 3)
        #expect(credentials[1] == credentials[0])
        #expect(credentials[2] != credentials[1])
        try await harness.events.waitForEvents(of: .tokenRevokedOrUnknown)
        let event = try #require(harness.events.events(.tokenRevokedOrUnknown).first)
        #expect(event.code == (failure.code.isEmpty ? nil : failure.code))
        #expect(event.statusCode == 401)
    }

    @Test("when the provider fails after January revoked the token, the error keeps January's rejection as its cause")
    func providerFailureAfterRevocationKeepsTheRejection() async throws {
        let harness = try ClientHarness(provider: Self.mintsOnceThenEnds)
        _ = try await harness.client.send(.autocomplete)
        _ = harness.simulator.revokeTokens(forEndUser: ClientHarness.endUserID)
        let rejected = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(rejected?.code == "token_revoked")
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(error?.category == .tokenProvider)
        let cause = error?.underlyingError as? JanuaryError
        #expect(cause?.code == "token_revoked")
        #expect(cause?.statusCode == 401)
        #expect(String(describing: error).contains("token_revoked"))
        #expect(harness.provider.callCount == 2)
    }

    @Test("when the provider fails to replace an expired token, the error keeps January's token_expired as its cause")
    func providerFailureAfterExpiryKeepsTheRejection() async throws {
        let harness = try ClientHarness(provider: Self.mintsOnceThenEnds)
        _ = try await harness.client.send(.autocomplete)
        harness.simulator.failNext(with: .tokenExpired)
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(error?.category == .tokenProvider)
        #expect((error?.underlyingError as? JanuaryError)?.code == "token_expired")
        #expect(harness.provider.callCount == 2)
    }

    @Test("a 401 offering Basic beside Bearer invalid_token is delivered (no hang on Linux) and refreshed once")
    func basicBesideBearer() async throws {
        let harness = try ClientHarness()
        _ = try await harness.client.send(.autocomplete)
        harness.server.enqueue(
            .json(
                #"{"code":"token_expired","message":"token expired"}"#,
                status: 401,
                headerFields: [
                    HeaderField(
                        name: "WWW-Authenticate",
                        value:
                            #"Basic realm="gateway", Bearer error="invalid_token", error_description="token expired""#
                    )
                ]
            )
        )
        let response = try await harness.client.send(.autocomplete)
        #expect(response.statusCode == 200)
        #expect(harness.provider.callCount == 2)
        #expect(harness.server.receivedRequests.count == 3)
    }

    @Test("a 401 offering Basic only is delivered and not refreshed")
    func basicOnly() async throws {
        let harness = try ClientHarness()
        harness.server.enqueue(
            .json(
                #"{"code":"unauthorized","message":"no"}"#,
                status: 401,
                headerFields: [HeaderField(name: "WWW-Authenticate", value: #"Basic realm="gateway""#)]
            )
        )
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(error?.code == "unauthorized")
        #expect(harness.provider.callCount == 1)
        #expect(harness.server.receivedRequests.count == 1)
    }

    @Test("a never-issued token is surfaced as token_invalid at once, without a refresh")
    func neverIssuedToken() async throws {
        let harness = try ClientHarness(provider: { _, _ in
            CountingProvider { call in JanuaryClientToken(value: "ct-never-issued-\(call)", expiresIn: 3_600) }
        })
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(error?.category == .authentication)
        #expect(error?.code == "token_invalid")
        #expect(harness.provider.callCount == 1)
        #expect(harness.apiRequestCount == 1)
    }

    @Test("a replayed request rejected again as expired fails after exactly one replay")
    func secondRejectionFails() async throws {
        let harness = try ClientHarness()
        _ = try await harness.client.send(.autocomplete)
        harness.simulator.failNext(2, with: .tokenExpired)
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(error?.category == .authentication)
        #expect(error?.code == "token_expired")
        #expect(error?.message.contains("sent again once") == true)
        #expect(harness.provider.callCount == 2)
        #expect(harness.apiRequestCount == 3)
    }

    @Test(
        "a 403 fails at once with its code and is never refreshed or retried",
        arguments: ["scope_insufficient", "client_token_not_allowed", "forbidden", "end_user_id_mismatch"]
    )
    func forbidden(code: String) async throws {
        let harness = try ClientHarness()
        harness.simulator.failNext(with: .error(status: 403, code: code))
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(error?.category == .authorization)
        #expect(error?.code?.rawValue == code)
        #expect(harness.provider.callCount == 1)
        #expect(harness.apiRequestCount == 1)
    }

    @Test("a token without the operation's scope gets 403 scope_insufficient from the simulator, once")
    func missingScope() async throws {
        let harness = try ClientHarness(scopes: [.restaurantsRead])
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.foods.search(SearchFoodsRequest(query: "banana"))
        }
        #expect(error?.category == .authorization)
        #expect(error?.code == "scope_insufficient")
        #expect(harness.apiRequestCount == 1)
        #expect(harness.provider.callCount == 1)
    }

    @Test("an sk- value returned as a client token is refused before anything is sent, and never printed")
    func apiKeyAsClientToken() async throws {
        let harness = try ClientHarness(provider: { _, _ in
            CountingProvider { _ in JanuaryClientToken(value: "sk-live-partner-secret", expiresIn: 3_600) }
        })
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(error?.category == .tokenProvider)
        #expect(error?.code == "api_key_as_client_token")
        #expect(error?.message.contains("must never reach the app") == true)
        #expect(error.map { !String(describing: $0).contains("sk-live-partner-secret") } == true)
        #expect(harness.simulator.requestLog.isEmpty)
        #expect(harness.server.receivedRequests.isEmpty)
    }

    @Test(
        "January's server-only endpoints are refused before a token is fetched, in any spelling",
        arguments: [
            "/v1.2/auth/client-tokens", "/v1.2/auth/client-token-revocations", "/v1.2/credits", "/v1.2/credits/",
            "/V1.2/Credits", "/v1.2/%61uth/client-tokens", "/v1.2/%63redits",
        ]
    )
    func serverOnlyPaths(path: String) async throws {
        let harness = try ClientHarness()
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(
                JanuaryRequest(method: .post, path: path, body: try .json(["end_user_id": "u"])))
        }
        #expect(error?.category == .invalidInput)
        #expect(error?.code == "server_only_endpoint")
        #expect(error?.message.contains("API key") == true)
        #expect(harness.provider.callCount == 0)
        #expect(harness.simulator.requestLog.isEmpty)
    }

    @Test("a development key is sent as is and a rejection of it is never refreshed")
    func developmentKey() async throws {
        let clockless = try JanuaryAPISimulator()
        clockless.registerDevelopmentKey("sk-dev-key")
        let client = try JanuaryPartnerClient(
            developmentAPIKey: "sk-dev-key",
            configuration: .init(baseURL: clockless.baseURL)
        )
        _ = try await client.foods.search(SearchFoodsRequest(query: "apple"))
        #expect(clockless.requestLog.last?.credential == .apiKey)
        clockless.failNext(with: .tokenInvalid)
        let error = await #expect(throws: JanuaryError.self) { try await client.send(.autocomplete) }
        #expect(error?.category == .authentication)
        #expect(error?.message.contains("development API key") == true)
        #expect(clockless.requestLog.count == 2)
    }
}
