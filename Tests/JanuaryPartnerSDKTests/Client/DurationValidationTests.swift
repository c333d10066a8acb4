import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import Testing

/// A duration the partner sets reaches URLSession or a sleep; a non-finite, huge or non-positive one crashed
/// FoundationNetworking (SIGILL), so every one is refused before anything is sent.
@Suite("Durations a partner sets", suiteTimeLimit())
struct DurationValidationTests {
    static let refused: [TimeInterval] = [.infinity, -.infinity, .nan, 1e300, 86_400.5, 0, -1, -.leastNonzeroMagnitude]
    static let accepted: [TimeInterval] = [0.001, 1, 60, 86_400]

    /// Requires creating a client whose configuration `configure` changed to be refused with `invalid_timeout`.
    static func requireTimeoutRefused(_ configure: (inout JanuaryPartnerClient.Configuration) -> Void) async throws {
        var configuration = JanuaryPartnerClient.Configuration()
        configure(&configuration)
        try await requireRefusedLocally(code: "invalid_timeout") {
            _ = try JanuaryPartnerClient(
                clientTokenProvider: { fatalError("not called") }, configuration: configuration)
        }
    }

    @Test("a request timeout outside 0 < t ≤ 86,400 s is refused when the client is created", arguments: refused)
    func configurationRequestTimeout(timeout: TimeInterval) async throws {
        try await Self.requireTimeoutRefused { $0.requestTimeout = timeout }
    }

    @Test(
        "a provider timeout outside 0 < t ≤ 86,400 s (infinity aside) is refused",
        arguments: refused.filter { $0 != .infinity })
    func configurationProviderTimeout(timeout: TimeInterval) async throws {
        try await Self.requireTimeoutRefused { $0.tokenProviderTimeout = timeout }
    }

    @Test("a request's own timeout outside 0 < t ≤ 86,400 s is refused before a token is fetched", arguments: refused)
    func perRequestTimeout(timeout: TimeInterval) async throws {
        let harness = try ScriptedClient()
        var request = JanuaryRequest.autocomplete
        request.timeout = timeout
        try await requireRefusedLocally(code: "invalid_timeout", outbound: harness.outbound) {
            _ = try await harness.client.send(request)
        }
    }

    @Test("timeouts within the range are sent as they are", arguments: accepted)
    func acceptedTimeouts(timeout: TimeInterval) async throws {
        let harness = try ScriptedClient { $0.requestTimeout = timeout }
        var request = JanuaryRequest.autocomplete
        request.timeout = timeout
        _ = try await harness.client.send(request)
        #expect(harness.transport.requests.first?.timeout == timeout)
    }
}
