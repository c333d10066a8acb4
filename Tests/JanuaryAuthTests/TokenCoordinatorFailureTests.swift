import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTestSupport
import Testing

@Suite("TokenCoordinator failures, backoff and re-entrancy")
struct TokenCoordinatorFailureTests {
    @Test func aFailedRefreshDoesNotStick() async throws {
        let harness = Harness(script: [.fail(BackendUnavailable())])
        let failure = await #expect(throws: JanuaryError.self) { try await harness.coordinator.credential() }
        #expect(failure?.category == .tokenProvider)
        #expect(failure?.underlyingError as? BackendUnavailable == BackendUnavailable())

        let credential = try await harness.coordinator.credential()
        #expect(credential.value == harness.probe.issuedValue(forCall: 2))
        #expect(harness.probe.callCount == 2)
    }

    @Test func aJanuaryErrorFromTheProviderIsWrappedAsATokenProviderFailure() async throws {
        let harness = Harness(script: [.fail(JanuaryError.network("the partner backend is unreachable"))])
        let failure = await #expect(throws: JanuaryError.self) { try await harness.coordinator.credential() }
        #expect(failure?.category == .tokenProvider)
        #expect((failure?.underlyingError as? JanuaryError)?.category == .network)
    }

    @Test func aCancellationFromTheProviderIsNotCountedAsAFailure() async throws {
        let harness = Harness(script: [.fail(CancellationError())], backoff: .default)
        let failure = await #expect(throws: JanuaryError.self) { try await harness.coordinator.credential() }
        #expect(failure?.category == .cancelled)
        #expect(harness.events.events(.providerCallFinished).first?.outcome == .cancelled)
        // No failure streak: the next call is immediate (a sleep would never end on the manual clock).
        #expect(try await harness.coordinator.credential().generation == 1)
        #expect(harness.clock.sleeperCount == 0)
    }

    struct BadToken: Sendable, CustomTestStringConvertible {
        let value: String
        let lifetime: TimeInterval
        var testDescription: String { "\(value.debugDescription) for \(lifetime) s" }
    }

    @Test(
        "an unusable token is a provider failure, one call per request, never a loop",
        arguments: [
            BadToken(value: "", lifetime: 3600),
            BadToken(value: "has space", lifetime: 3600),
            BadToken(value: "line\r\nInjected: yes", lifetime: 3600),
            BadToken(value: "expired", lifetime: -1),
            BadToken(value: "inside-leeway", lifetime: 60),
        ]
    )
    func unusableToken(_ bad: BadToken) async throws {
        let harness = Harness(refreshLeeway: 60)
        for _ in 0..<3 {
            let expiresAt = harness.clock.now().addingTimeInterval(bad.lifetime)
            harness.probe.enqueue(.token(JanuaryClientToken(value: bad.value, expiresAt: expiresAt)))
        }
        for request in 1...3 {
            let failure = await #expect(throws: JanuaryError.self) { try await harness.coordinator.credential() }
            #expect(failure?.category == .tokenProvider)
            #expect(harness.probe.callCount == request)
        }
        #expect(try await harness.coordinator.credential().value == harness.probe.issuedValue(forCall: 4))
    }

    @Test func repeatedFailuresWaitOutTheBackoffOnTheInjectedClock() async throws {
        let backoff = TokenRefreshBackoff(initialDelay: 1, multiplier: 2, maximumDelay: 30)
        let harness = Harness(
            script: [.fail(BackendUnavailable()), .fail(BackendUnavailable()), .fail(BackendUnavailable())],
            backoff: backoff
        )
        let coordinator = harness.coordinator
        let clock = harness.clock

        // First failure, then an immediate retry: one failure costs no wait.
        await #expect(throws: JanuaryError.self) { try await coordinator.credential() }
        await #expect(throws: JanuaryError.self) { try await coordinator.credential() }
        #expect(harness.probe.callCount == 2 && clock.sleeperCount == 0)

        // After two failures the next call waits initialDelay = 1 s.
        let third = Task { try await coordinator.credential() }
        await clock.waitForSleepers(1)
        #expect(clock.sleeperDeadlines == [clock.now().addingTimeInterval(1)])
        clock.advance(by: 0.5)
        #expect(clock.sleeperCount == 1 && harness.probe.callCount == 2)
        clock.advance(by: 0.5)
        #expect(await third.result.januaryError?.category == .tokenProvider)
        #expect(harness.probe.callCount == 3)

        // After three the wait is 2 s from the last failure; a request 5 s later does not wait at all.
        let fourth = Task { try await coordinator.credential() }
        await clock.waitForSleepers(1)
        #expect(clock.sleeperDeadlines == [clock.now().addingTimeInterval(2)])
        fourth.cancel()
        #expect(await fourth.result.januaryError?.category == .cancelled, "a backoff wait is cancellable")
        #expect(clock.sleeperCount == 0 && harness.probe.callCount == 3)

        clock.advance(by: 5)
        let credential = try await coordinator.credential()
        #expect(credential.value == harness.probe.issuedValue(forCall: 4))
        #expect(clock.sleeperCount == 0)
    }

    @Test func waitersDuringBackoffShareTheOneDelayedCall() async throws {
        let harness = Harness(
            script: [.fail(BackendUnavailable()), .fail(BackendUnavailable())],
            backoff: .init(initialDelay: 4, multiplier: 2, maximumDelay: 30)
        )
        let coordinator = harness.coordinator
        await #expect(throws: JanuaryError.self) { try await coordinator.credential() }
        await #expect(throws: JanuaryError.self) { try await coordinator.credential() }

        async let results = concurrently(500) { _ in try await coordinator.credential() }
        await harness.waitForWaitingRequests(500)
        await harness.clock.waitForSleepers(1)
        #expect(harness.clock.sleeperCount == 1, "one backoff wait, not one per caller")
        harness.clock.advance(by: 4)
        let all = await results
        #expect(all.allSatisfy { $0.value == harness.probe.issuedValue(forCall: 3) })
        #expect(harness.probe.callCount == 3)
    }

    @Test func aProviderAskingItsOwnCoordinatorFailsFastInsteadOfDeadlocking() async throws {
        let box = Locked<TokenCoordinator?>(nil)
        let inner = Locked<JanuaryError?>(nil)
        let coordinator = TokenCoordinator(
            provider: {
                do {
                    _ = try await box.withLock { $0 }?.credential()
                } catch let error as JanuaryError {
                    inner.withLock { $0 = error }
                    throw error
                }
                return JanuaryClientToken(value: "never", expiresAt: .distantFuture)
            },
            clock: ManualClock()
        )
        box.withLock { $0 = coordinator }
        let failure = await #expect(throws: JanuaryError.self) { try await coordinator.credential() }
        #expect(failure?.category == .tokenProvider)
        #expect(inner.withLock { $0 }?.category == .tokenProvider)
        #expect((failure?.underlyingError as? JanuaryError)?.category == .tokenProvider)
    }

    @Test func aProviderInvalidatingOnItsOwnCoordinatorFailsFast() async throws {
        let box = Locked<TokenCoordinator?>(nil)
        let stale = Credential(value: "stale", generation: 1, isRefreshable: true, expiresAt: .distantPast)
        let coordinator = TokenCoordinator(
            provider: {
                _ = try await box.withLock { $0 }?.invalidate(stale)
                return JanuaryClientToken(value: "never", expiresAt: .distantFuture)
            },
            clock: ManualClock()
        )
        box.withLock { $0 = coordinator }
        let failure = await #expect(throws: JanuaryError.self) { try await coordinator.credential() }
        #expect((failure?.underlyingError as? JanuaryError)?.category == .tokenProvider)
    }

    @Test func aProviderCycleThroughASecondCoordinatorFailsFast() async throws {
        let first = Locked<TokenCoordinator?>(nil)
        let clock = ManualClock()
        let second = TokenCoordinator(
            provider: {
                _ = try await first.withLock { $0 }?.credential()
                return JanuaryClientToken(value: "never", expiresAt: .distantFuture)
            },
            clock: clock
        )
        let coordinator = TokenCoordinator(
            provider: {
                _ = try await second.credential()
                return JanuaryClientToken(value: "never", expiresAt: .distantFuture)
            },
            clock: clock
        )
        first.withLock { $0 = coordinator }
        let failure = await #expect(throws: JanuaryError.self) { try await coordinator.credential() }
        #expect(failure?.category == .tokenProvider)
    }

    @Test func aProviderMayUseADifferentCoordinator() async throws {
        let clock = ManualClock()
        let upstream = TokenCoordinator(
            provider: { JanuaryClientToken(value: "upstream", expiresAt: clock.now().addingTimeInterval(3600)) },
            clock: clock
        )
        let coordinator = TokenCoordinator(
            provider: {
                let credential = try await upstream.credential()
                return JanuaryClientToken(value: credential.value + "-derived", expiresAt: clock.now() + 3600)
            },
            clock: clock
        )
        #expect(try await coordinator.credential().value == "upstream-derived")
    }
}
