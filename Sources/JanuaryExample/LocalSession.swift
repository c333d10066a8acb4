import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The scripted session: a burst on a cold start, a token that goes stale, and a token January revokes.
struct LocalSession {
    /// Tokens live 3 s and are refreshed 1 s before expiry, so the example can let one go stale in 2 s
    /// instead of the hour a real token lives.
    private static let tokenLifetime: TimeInterval = 3
    private static let refreshLeeway: TimeInterval = 1
    private static let burstSize = 50

    func run() async throws -> Bool {
        let simulator = try JanuaryAPISimulator(tokenLifetime: Self.tokenLifetime)
        let tally = EventTally()
        var configuration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
        configuration.refreshLeeway = Self.refreshLeeway
        configuration.onEvent = { tally.record($0) }
        let partnerBackend = PartnerBackend(tokenURL: simulator.partnerBackendTokenURL)
        let january = try JanuaryPartnerClient(
            clientTokenProvider: {
                let response = try await partnerBackend.createJanuaryToken()
                return JanuaryClientToken(value: response.accessToken, expiresAt: response.expiresAt)
            },
            configuration: configuration
        )
        let userID = PartnerUserID(rawValue: "example-user-42")
        let ping = JanuaryRequest(path: "/v1/ping", partnerUserID: userID)
        var checks: [Bool] = []
        print("January Partner SDK example: a local simulator at \(simulator.baseURL.absoluteString)")

        let burst = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<Self.burstSize {
                group.addTask { try await january.send(ping).statusCode }
            }
            return try await group.reduce(into: 0) { count, status in count += status == 200 ? 1 : 0 }
        }
        checks.append(burst == Self.burstSize && tally.providerCalls == 1)
        print(
            "1. Cold start: \(Self.burstSize) concurrent requests, \(burst) succeeded, \(tally.providerCalls) provider call."
        )

        let stale = Self.tokenLifetime - Self.refreshLeeway + 0.2
        try await Task.sleep(nanoseconds: UInt64(stale * 1_000_000_000))
        _ = try await january.send(ping)
        let rejectedSoFar = simulator.statistics.tokensRejected
        checks.append(tally.providerCalls == 2 && rejectedSoFar == 0)
        print(
            "2. Expiry: after \(stale) s the token was within the refresh leeway, so it was replaced before sending; "
                + "provider calls: \(tally.providerCalls), tokens January rejected: \(rejectedSoFar)."
        )

        simulator.revokeIssuedTokens()
        let revoked = try await january.send(ping)
        checks.append(revoked.statusCode == 200 && tally.providerCalls == 3 && tally.retries == 1)
        print(
            "3. Revocation: January answered invalid_token; the SDK refreshed once and retried once "
                + "(provider calls: \(tally.providerCalls), retries: \(tally.retries)), HTTP \(revoked.statusCode)."
        )

        let sent = Self.burstSize + 2
        let succeeded = checks.allSatisfy { $0 }
        print(
            "Summary: \(sent) requests sent, \(tally.providerCalls) provider calls, \(tally.retries) retry, "
                + "\(simulator.statistics.tokensRejected) token rejected by January, outcome: "
                + (succeeded ? "OK" : "UNEXPECTED")
        )
        return succeeded
    }
}

/// Counts what the SDK reported through its event callback, which never carries a token.
private final class EventTally: Sendable {
    private let counts = Mutexed<(providerCalls: Int, retries: Int)>((0, 0))

    func record(_ event: JanuaryTokenEvent) {
        counts.update { counts in
            if event.kind == .providerCallStarted { counts.providerCalls += 1 }
            if event.kind == .requestRetried { counts.retries += 1 }
        }
    }

    var providerCalls: Int { counts.read().providerCalls }
    var retries: Int { counts.read().retries }
}

/// The partner's own backend, as the app sees it: one endpoint that returns a January token.
private struct PartnerBackend: Sendable {
    struct TokenResponse: Decodable {
        let accessToken: String
        let expiresAt: Date
    }

    private static let session = URLSession(configuration: .ephemeral)

    let tokenURL: URL

    func createJanuaryToken() async throws -> TokenResponse {
        var request = URLRequest(url: tokenURL)
        request.httpMethod = "POST"
        // An ephemeral session: the shared one would cache the response, and with it a token, on disk.
        let (data, _) = try await Self.session.data(for: request)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(TokenResponse.self, from: data)
    }
}

/// A value behind an NSLock: the example uses only public API, so not the SDK's own lock.
// Safe because `value` is only touched while `lock` is held.
private final class Mutexed<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    // lock() and unlock() rather than NSLock.withLock, which needs macOS 13 and iOS 16.
    func update(_ body: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&value)
    }

    func read() -> Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
