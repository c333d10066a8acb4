import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@testable import JanuaryAuth

/// Review item 2: the re-entrancy guard was a task-local set, inherited for ever by every task the provider
/// started, so a sync loop started from the provider could never ask for a credential again.
@Suite("Regression 2: the re-entrancy guard does not leak into the provider's child tasks", suiteTimeLimit())
struct ReentrancyGuardLeakRegressionTests {
    enum Request: String, Sendable, CaseIterable {
        case credential
        case invalidate
    }

    @Test("a task started by the provider is served once the provider has returned", arguments: Request.allCases)
    func childTaskIsServedAfterTheProviderReturned(_ request: Request) async throws {
        let clock = ManualClock()
        let box = Locked<TokenCoordinator?>(nil)
        let child = Locked<Task<Credential, any Error>?>(nil)
        let providerHasReturned = TestGate()
        let calls = Locked(0)
        let coordinator = TokenCoordinator(
            provider: {
                let call = calls.withLock { count in
                    count += 1
                    return count
                }
                if call == 1 {
                    // Like a sync loop or a prefetch: it inherits the provider's task-local values.
                    let task = Task {
                        try await providerHasReturned.wait()
                        guard let coordinator = box.withLock({ $0 }) else {
                            throw CancellationError()
                        }
                        switch request {
                        case .credential:
                            return try await coordinator.credential()
                        case .invalidate:
                            let current = try await coordinator.credential()
                            return try await coordinator.invalidate(current)
                        }
                    }
                    child.withLock { $0 = task }
                }
                return JanuaryClientToken(value: "ct-\(call)", expiresIn: 3600)
            },
            clock: clock
        )
        box.withLock { $0 = coordinator }
        let first = try await withDeadline("the first token") { try await coordinator.credential() }
        #expect(first.value == "ct-1")
        if request == .credential {
            clock.advance(by: 3_540)  // so that the child's request needs the provider
        }
        providerHasReturned.open()

        let childTask = try #require(child.withLock { $0 })
        let served = try await result(of: childTask, "the provider's child task")
        #expect(served.januaryError?.code != JanuaryError.Code.tokenProviderReentered)
        #expect(served.value == "ct-2" && served.credential?.generation == 2)
        #expect(calls.withLock { $0 } == 2)
    }
}
