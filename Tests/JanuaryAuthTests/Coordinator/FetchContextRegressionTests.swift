import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

/// Review item 7: the provider ran in the task of whichever request needed a token first, at its priority and
/// with its task-local values, so a background prefetch made every waiting foreground request wait at
/// background priority.
@Suite(
    "Regression 7: the provider call runs at user-initiated priority, with no caller's task-locals",
    suiteTimeLimit())
struct FetchContextRegressionTests {
    struct Seen: Sendable {
        var providerPriority: TaskPriority?
        var providerTag: String?
        var callerPriority: TaskPriority?
    }

    @Test(
        "whatever the requesting task's priority",
        arguments: [TaskPriority.background, .utility, .low, .medium, .high, .userInitiated]
    )
    func providerContext(callerPriority: TaskPriority) async throws {
        let seen = Locked(Seen())
        let coordinator = TokenCoordinator(
            provider: {
                seen.withLock { seen in
                    seen.providerPriority = Task.currentPriority
                    seen.providerTag = RequestContext.tag
                }
                return JanuaryClientToken(value: "ct-p", expiresIn: 3600)
            },
            clock: ManualClock()
        )
        // The test waits on a latch rather than on the task, which would raise the task to the test's priority.
        let outcome = Locked<Result<Credential, any Error>?>(nil)
        let finished = TestGate()
        Task.detached(priority: callerPriority) {
            await RequestContext.$tag.withValue("requesting task") {
                seen.withLock { $0.callerPriority = Task.currentPriority }
                do {
                    let credential = try await coordinator.credential()
                    outcome.withLock { $0 = .success(credential) }
                } catch {
                    outcome.withLock { $0 = .failure(error) }
                }
            }
            finished.open()
        }
        try await finished.wait("the request")
        #expect(outcome.withLock { $0 }?.value == "ct-p")
        let observed = seen.withLock { $0 }
        #expect(observed.callerPriority == callerPriority, "the request really ran at its priority")
        #expect(try #require(observed.providerPriority) >= .userInitiated)
        #expect(observed.providerTag == nil, "the provider does not see the caller's task-local values")
    }
}
