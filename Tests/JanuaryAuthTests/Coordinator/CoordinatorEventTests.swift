import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@testable import JanuaryAuth

@Suite("TokenCoordinator: event delivery", suiteTimeLimit())
struct CoordinatorEventTests {
    @Test func aSessionsEventsArriveInTheOrderOfItsChanges() async throws {
        let harness = CoordinatorHarness()
        let coordinator = harness.coordinator
        try await withDeadline("a session") {
            let first = try await coordinator.credential()
            _ = try await coordinator.invalidate(first)
            harness.delivery.deliver(JanuaryEvent(kind: .init("custom"), date: harness.clock.now(), code: "mine"))
            coordinator.reset()
        }
        try await harness.events.waitForEvents(7)
        let events = harness.events.events
        #expect(
            events.map(\.kind) == [
                .providerCallStarted, .providerCallFinished, .tokenInvalidated, .providerCallStarted,
                .providerCallFinished, .init("custom"), .tokenCacheCleared,
            ]
        )
        #expect(events.compactMap(\.attempt) == [1, 1, 2, 2])
        #expect(events.last?.generation == 2, "the reset dropped the second token")
        #expect(events.allSatisfy { $0.date == ManualClock.defaultStart })
    }

    @Test func eventsNeverRunInTheTaskThatCausedThemNorTwoAtATime() async throws {
        let concurrency = Locked((inside: 0, most: 0))
        let tags = Locked<[String?]>([])
        let recorder = TokenEventRecorder()
        let coordinator = TokenCoordinator(
            provider: { JanuaryClientToken(value: "ct-e", expiresIn: 3600) },
            clock: ManualClock(),
            onEvent: { event in
                concurrency.withLock { state in
                    state.inside += 1
                    state.most = max(state.most, state.inside)
                }
                tags.withLock { $0.append(RequestContext.tag) }
                recorder.record(event)
                concurrency.withLock { $0.inside -= 1 }
            }
        )
        try await withDeadline("100 concurrent sessions") {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        try await RequestContext.$tag.withValue("caller \(index)") {
                            do {
                                _ = try await coordinator.credential()
                            } catch let error as JanuaryError where error.isSignedOut {
                                // Another task's reset ended this request's session: as it should.
                            }
                            coordinator.reset()
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        try await recorder.waitForEvents(of: .tokenCacheCleared, count: 100)
        #expect(concurrency.withLock { $0.most } == 1, "one event at a time")
        #expect(tags.withLock { $0 }.allSatisfy { $0 == nil }, "never run inside the caller's task")
    }

    @Test func aCallbackMayCallBackIntoTheCoordinator() async throws {
        let box = Locked<TokenCoordinator?>(nil)
        let recorder = TokenEventRecorder()
        let coordinator = TokenCoordinator(
            provider: { JanuaryClientToken(value: "ct-r", expiresIn: 3600) },
            clock: ManualClock(),
            onEvent: { event in
                recorder.record(event)
                if event.kind == .providerCallFinished {
                    box.withLock { $0 }?.reset()
                }
            }
        )
        box.withLock { $0 = coordinator }
        _ = try await withDeadline("a token") { try await coordinator.credential() }
        try await recorder.waitForEvents(of: .tokenCacheCleared)
        #expect(recorder.events.map(\.kind) == [.providerCallStarted, .providerCallFinished, .tokenCacheCleared])
        #expect(coordinator.currentEpoch == 1)
    }
}
