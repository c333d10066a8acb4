import Foundation
import JanuaryPartnerSDK

/// The same session against a real January environment, with a development key: there is no partner backend,
/// and nothing scripts a revocation or a rate limit.
///
/// It writes real logs for `userID` in that environment; use a development environment and a test user.
struct RemoteSession {
    let baseURL: URL
    let developmentKey: String
    let userID: String

    /// Runs the session.
    ///
    /// - Returns: Whether every step succeeded.
    func run() async throws -> Bool {
        let started = Date()
        let events = SessionEvents()
        var configuration = JanuaryPartnerClient.Configuration(baseURL: baseURL)
        configuration.onEvent = events.handler
        // This command-line tool is never distributed, so a development key is acceptable in its release build.
        configuration.allowsDevelopmentKeyInReleaseBuilds = true
        let client = try JanuaryPartnerClient(developmentAPIKey: developmentKey, configuration: configuration)
        let session = PartnerSession(
            client: client,
            user: client.forUser(PartnerUserID(rawValue: userID), timeZone: .current),
            events: events,
            backend: nil,
            disruptions: nil
        )
        print("January Partner SDK example: a partner session against \(baseURL.absoluteString), development key.")
        try await session.run()
        print("")
        print(
            "Summary: \(session.stepNumber) steps, \(events.count(of: .retryScheduled)) retried after a rate limit "
                + "or a transient failure, \(PartnerSession.number(Date().timeIntervalSince(started))) s: "
                + (session.problems.isEmpty ? "OK" : "UNEXPECTED")
        )
        for problem in session.problems {
            print("  unexpected: \(problem)")
        }
        return session.problems.isEmpty
    }
}
