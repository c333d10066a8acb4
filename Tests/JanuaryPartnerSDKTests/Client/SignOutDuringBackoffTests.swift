import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import Testing

/// Sign-out ends a request that waits out a `Retry-After` or a back-off at once, with `signed_out`, rather than
/// when the wait is over.
@Suite("Sign-out during a retry wait", suiteTimeLimit())
struct SignOutDuringBackoffTests {
    @Test("every request waiting to retry ends with signed_out without the clock moving", arguments: [1, 20])
    func signOutWakesTheWaits(requests: Int) async throws {
        let harness = try ScriptedClient(
            Array(repeating: .error(429, code: "rate_limited", headers: ["Retry-After": "30"]), count: requests)
        )
        let ended = Locked(0)
        let tasks = (0..<requests).map { _ in
            Task {
                defer { ended.withLock { $0 += 1 } }
                return try await harness.client.send(.autocomplete)
            }
        }
        try await harness.clock.waitForSleepers(requests)
        harness.client.signOut()
        try await eventually("\(requests) requests to end after sign-out") {
            ended.withLock { $0 } == requests
        }
        for task in tasks {
            let outcome = await task.result
            guard case .failure(let error as JanuaryError) = outcome else {
                Issue.record("expected signed_out, got \(outcome)")
                continue
            }
            #expect(error.category == .cancelled && error.code == "signed_out")
        }
        #expect(harness.transport.requests.count == requests, "nothing was sent again")
        #expect(harness.clock.sleeperCount == 0)
    }
}
