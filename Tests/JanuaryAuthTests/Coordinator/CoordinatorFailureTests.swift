import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@testable import JanuaryAuth

@Suite("TokenCoordinator: provider failures and re-entrancy", suiteTimeLimit())
struct CoordinatorFailureTests {
    @Test func aFailedRefreshDoesNotStick() async throws {
        let harness = CoordinatorHarness(script: [.fail(BackendUnavailable())])
        let coordinator = harness.coordinator
        let failure = try await result(of: Task { try await coordinator.credential() }).januaryError
        #expect(failure?.category == .tokenProvider && failure?.code == JanuaryError.Code.clientTokenProviderFailed)
        #expect(failure?.underlyingError as? BackendUnavailable == BackendUnavailable())

        let credential = try await withDeadline("the retry") { try await coordinator.credential() }
        #expect(credential.value == harness.probe.issuedValue(forCall: 2) && harness.probe.callCount == 2)
    }

    struct BadToken: Sendable, CustomTestStringConvertible {
        let token: JanuaryClientToken
        let code: JanuaryError.Code
        var testDescription: String {
            code.rawValue
        }
    }

    @Test(
        "an unusable token fails its requests, costs one call per request, and is never cached",
        arguments: [
            BadToken(token: .init(value: "", expiresIn: 3600), code: JanuaryError.Code.invalidClientToken),
            BadToken(token: .init(value: "has space", expiresIn: 3600), code: JanuaryError.Code.invalidClientToken),
            BadToken(token: .init(value: "sk-live-1", expiresIn: 3600), code: JanuaryError.Code.apiKeyAsClientToken),
            BadToken(token: .init(value: "ct-1", expiresIn: -1), code: JanuaryError.Code.invalidClientTokenExpiration),
            BadToken(token: .init(value: "ct-1", expiresIn: 60), code: JanuaryError.Code.invalidClientTokenExpiration),
            BadToken(
                token: .init(value: "ct-1", expiresAt: ManualClock.defaultStart - 1),
                code: JanuaryError.Code.invalidClientTokenExpiration
            ),
        ]
    )
    func unusableToken(_ bad: BadToken) async throws {
        let harness = CoordinatorHarness(script: Array(repeating: .token(bad.token), count: 3))
        let coordinator = harness.coordinator
        for request in 1...3 {
            let failure = try await result(of: Task { try await coordinator.credential() }).januaryError
            #expect(failure?.category == .tokenProvider && failure?.code == bad.code)
            #expect(harness.probe.callCount == request)
        }
        let good = try await withDeadline("a good token") { try await coordinator.credential() }
        #expect(good.value == harness.probe.issuedValue(forCall: 4) && good.generation == 1)
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
                return JanuaryClientToken(value: "never", expiresIn: 3600)
            },
            clock: ManualClock()
        )
        box.withLock { $0 = coordinator }
        let failure = try await result(of: Task { try await coordinator.credential() }).januaryError
        let reentered = try #require(inner.withLock { $0 })
        #expect(reentered.category == .tokenProvider && reentered.code == JanuaryError.Code.tokenProviderReentered)
        #expect(failure?.category == .tokenProvider && failure?.code == JanuaryError.Code.clientTokenProviderFailed)
        #expect((failure?.underlyingError as? JanuaryError)?.code == JanuaryError.Code.tokenProviderReentered)
    }

    @Test func aProviderInvalidatingOnItsOwnCoordinatorFailsFast() async throws {
        let box = Locked<TokenCoordinator?>(nil)
        let stale = Credential(value: "stale", generation: 1, isRefreshable: true, expiresAt: nil)
        let coordinator = TokenCoordinator(
            provider: {
                _ = try await box.withLock { $0 }?.invalidate(stale)
                return JanuaryClientToken(value: "never", expiresIn: 3600)
            },
            clock: ManualClock()
        )
        box.withLock { $0 = coordinator }
        let failure = try await result(of: Task { try await coordinator.credential() }).januaryError
        #expect((failure?.underlyingError as? JanuaryError)?.code == JanuaryError.Code.tokenProviderReentered)
    }

    @Test func aProviderWhoseChildTaskAsksWhileTheProviderRunsFailsFast() async throws {
        let box = Locked<TokenCoordinator?>(nil)
        let coordinator = TokenCoordinator(
            provider: {
                // The provider awaits a task it started, which asks the coordinator: a wait for itself.
                let child = Task { try await box.withLock { $0 }?.credential() }
                _ = try await child.value
                return JanuaryClientToken(value: "never", expiresIn: 3600)
            },
            clock: ManualClock()
        )
        box.withLock { $0 = coordinator }
        let failure = try await result(of: Task { try await coordinator.credential() }).januaryError
        #expect((failure?.underlyingError as? JanuaryError)?.code == JanuaryError.Code.tokenProviderReentered)
    }

    @Test func aProviderCycleThroughASecondCoordinatorFailsFast() async throws {
        let first = Locked<TokenCoordinator?>(nil)
        let clock = ManualClock()
        let second = TokenCoordinator(
            provider: {
                _ = try await first.withLock { $0 }?.credential()
                return JanuaryClientToken(value: "never", expiresIn: 3600)
            },
            clock: clock
        )
        let coordinator = TokenCoordinator(
            provider: {
                _ = try await second.credential()
                return JanuaryClientToken(value: "never", expiresIn: 3600)
            },
            clock: clock
        )
        first.withLock { $0 = coordinator }
        let failure = try await result(of: Task { try await coordinator.credential() }).januaryError
        #expect(failure?.category == .tokenProvider)
        var cause: (any Error)? = failure
        var codes: [JanuaryError.Code?] = []
        while let error = cause as? JanuaryError {
            codes.append(error.code)
            cause = error.underlyingError
        }
        #expect(codes.last == JanuaryError.Code.tokenProviderReentered, "\(codes)")
    }

    @Test func aProviderMayUseADifferentCoordinator() async throws {
        let clock = ManualClock()
        let upstream = TokenCoordinator(
            provider: { JanuaryClientToken(value: "upstream", expiresIn: 3600) },
            clock: clock
        )
        let coordinator = TokenCoordinator(
            provider: {
                let credential = try await upstream.credential()
                return JanuaryClientToken(value: credential.value + "-derived", expiresIn: 3600)
            },
            clock: clock
        )
        let credential = try await withDeadline("the derived token") { try await coordinator.credential() }
        #expect(credential.value == "upstream-derived")
    }
}
