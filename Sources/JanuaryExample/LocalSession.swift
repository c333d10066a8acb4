import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer

/// The session offline: a January simulator on a loopback port stands in for January and for the partner's
/// backend, and scripts the token revocation and the rate limit that a real environment causes only by chance.
struct LocalSession {
    /// Where the example user lives: their days, for logs and summaries, are local days there.
    static let timeZone = TimeZone(identifier: "America/Los_Angeles")!

    /// Runs the session and checks that the SDK did exactly what it promises: one refresh and one replay for the
    /// expired token, the revoked one surfaced without a replay, one wait for the rate limit.
    ///
    /// - Returns: Whether everything went as expected.
    func run() async throws -> Bool {
        let started = Date()
        let simulator = try JanuaryAPISimulator()
        let userID = PartnerSession.exampleUserID
        let events = SessionEvents()
        let backend = PartnerBackend(tokenURL: simulator.partnerBackendTokenURL)
        var configuration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
        configuration.onEvent = events.handler
        // The provider asks the partner's backend for a token for whoever is signed in now.
        let client = try JanuaryPartnerClient(
            clientTokenProvider: { try await backend.clientToken(for: userID) },
            configuration: configuration
        )
        let session = PartnerSession(
            client: client,
            user: client.forUser(PartnerUserID(rawValue: userID), timeZone: Self.timeZone),
            events: events,
            backend: backend,
            disruptions: Disruptions(
                expireTokens: { _ = simulator.expireTokens(forEndUser: userID) },
                revokeTokens: { _ = simulator.revokeTokens(forEndUser: userID) },
                rateLimitNextWaterLog: { retryAfter in
                    simulator.failNext(
                        with: .rateLimited(retryAfter: retryAfter), method: "POST", pathPrefix: "/v1.2/water-logs")
                }
            )
        )
        print("January Partner SDK example: a partner session, offline, against a local January simulator")
        print("(\(simulator.baseURL.absoluteString)) and its stand-in partner backend.")
        try await session.run()

        let requests = simulator.requestLog.filter { $0.path != JanuaryAPISimulator.partnerBackendTokenPath }
        let checks: [(String, Int, Int)] = [
            ("token provider calls", events.count(of: .providerCallStarted), 3),
            ("tokens January rejected", simulator.statistics.tokensRejected, 2),
            ("refresh-and-replays", events.count(of: .requestRetried), 1),
            ("rate-limit waits", events.count(of: .retryScheduled), 1),
            ("tokens issued by the backend", backend.issued.count, 3),
        ]
        var problems = session.problems
        for (name, actual, expected) in checks where actual != expected {
            problems.append("\(name): \(actual), expected \(expected)")
        }
        print("")
        print(
            "Summary: \(session.stepNumber) steps, \(requests.count) requests to January "
                + "(\(events.count(of: .requestRetried)) replayed after a refresh, "
                + "\(events.count(of: .retryScheduled)) retried after a rate limit), "
                + "\(events.count(of: .providerCallStarted)) token provider calls, "
                + "\(simulator.statistics.tokensRejected) tokens rejected, "
                + "\(PartnerSession.number(Date().timeIntervalSince(started))) s: "
                + (problems.isEmpty ? "OK" : "UNEXPECTED")
        )
        for problem in problems {
            print("  unexpected: \(problem)")
        }
        return problems.isEmpty
    }
}
