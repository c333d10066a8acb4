import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTestSupport

/// A coordinator wired to a manual clock, a scripted provider and an event recorder.
struct Harness {
    let clock: ManualClock
    let probe: TokenProviderProbe
    let events = TokenEventRecorder()
    let coordinator: TokenCoordinator

    /// Backoff defaults to none so that only the tests about backoff ever wait on the clock.
    init(
        script: [TokenProviderProbe.Step] = [],
        refreshLeeway: TimeInterval = 60,
        providerTimeout: TimeInterval = 30,
        backoff: TokenRefreshBackoff = .none
    ) {
        let clock = ManualClock()
        let probe = TokenProviderProbe(clock: clock, script: script)
        self.clock = clock
        self.probe = probe
        self.coordinator = TokenCoordinator(
            provider: probe.provider,
            configuration: .init(refreshLeeway: refreshLeeway, providerTimeout: providerTimeout, backoff: backoff),
            clock: clock,
            onEvent: events.handler
        )
    }

    /// Waits until `count` requests are suspended in the coordinator.
    func waitForWaitingRequests(_ count: Int) async {
        await eventually { coordinator.waitingRequestCount == count }
    }
}

/// Yields until `condition` holds; for state that has no notification of its own.
func eventually(_ condition: () -> Bool) async {
    while !condition() {
        await Task.yield()
    }
}

/// Runs `count` concurrent callers of `body` and returns all their results.
func concurrently(
    _ count: Int,
    _ body: @escaping @Sendable (Int) async throws -> Credential
) async -> [Result<Credential, any Error>] {
    await withTaskGroup(of: Result<Credential, any Error>.self) { group in
        for index in 0..<count {
            group.addTask {
                do {
                    return .success(try await body(index))
                } catch {
                    return .failure(error)
                }
            }
        }
        var results: [Result<Credential, any Error>] = []
        for await result in group {
            results.append(result)
        }
        return results
    }
}

extension Result where Success == Credential, Failure == any Error {
    /// The credential's value, or `nil` on failure.
    var value: String? {
        try? get().value
    }

    /// The thrown `JanuaryError`, or `nil` on success or another error.
    var januaryError: JanuaryError? {
        guard case .failure(let error) = self else {
            return nil
        }
        return error as? JanuaryError
    }
}

/// A provider failure of the partner's own, to check it is kept as the underlying error.
struct BackendUnavailable: Error, Equatable {
    var detail = "backend unavailable"
}

/// A token for the state machine tests, relative to `now`.
func token(_ value: String, expiresIn lifetime: TimeInterval, from now: Date) -> JanuaryClientToken {
    JanuaryClientToken(value: value, expiresAt: now.addingTimeInterval(lifetime))
}
