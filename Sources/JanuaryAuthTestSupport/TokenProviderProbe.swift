import Foundation
import JanuaryAuth
import JanuaryCore

/// A scriptable token provider that counts its calls, for testing whatever sits on top of it.
///
/// Each call takes the next ``Step`` from the script, or the default step once the script is used up. Steps
/// can return a token, throw, or suspend until the test resumes the call, so a test can hold a provider call
/// open while it piles up requests, cancels them or resets the session, and then check exact counts.
///
/// ```swift
/// let clock = ManualClock()
/// let probe = TokenProviderProbe(clock: clock, script: [.suspend])
/// let coordinator = TokenCoordinator(provider: probe.provider, clock: clock)
/// async let credential = coordinator.credential()
/// try await probe.waitForSuspendedCalls(1)
/// probe.resumeOldestSuspendedCall(with: .issue(lifetime: 3600))
/// ```
package final class TokenProviderProbe: Sendable {
    /// What one provider call does.
    package enum Step: Sendable {
        /// Returns a new token, `"<prefix>-<call number>"`, valid for `lifetime` seconds (`expiresIn`).
        case issue(lifetime: TimeInterval)
        /// Returns a new token, `"<prefix>-<call number>"`, that expires `lifetime` seconds after the clock's wall
        /// time (`expiresAt`).
        case issueExpiringAt(lifetime: TimeInterval)
        /// Returns this token.
        case token(JanuaryClientToken)
        /// Throws this error.
        case fail(any Error)
        /// Waits for ``TokenProviderProbe/resumeOldestSuspendedCall(with:)``; throws `CancellationError` when
        /// the calling task is cancelled.
        case suspend
        /// Waits for ``TokenProviderProbe/resumeOldestSuspendedCall(with:)`` even when cancelled, like a
        /// provider that ignores cancellation; the cancellation is still counted.
        case suspendIgnoringCancellation
    }

    private struct Suspended: Sendable {
        let id: UInt64
        let ignoresCancellation: Bool
        let continuation: CheckedContinuation<Step, Never>
        /// Set once this call's cancellation has been counted, so that it is counted once.
        var wasCancelled = false
    }

    private struct State: Sendable {
        var script: [Step]
        var callCount = 0
        var lastSuspensionID: UInt64 = 0
        var cancellationCount = 0
        var suspended: [Suspended] = []
        var callWatchers = ThresholdWaiters()
        var suspendedWatchers = ThresholdWaiters()
        var cancellationWatchers = ThresholdWaiters()
    }

    private let clock: any JanuaryClock
    private let tokenPrefix: String
    private let defaultStep: Step
    private let state: Locked<State>

    /// Creates a probe.
    ///
    /// - Parameters:
    ///   - clock: The clock ``Step/issue(lifetime:)`` measures lifetimes from.
    ///   - tokenPrefix: The start of every issued token's value.
    ///   - script: The steps of the first calls, in order.
    ///   - defaultStep: The step of every call after the script; must not suspend forever unless you mean it.
    package init(
        clock: any JanuaryClock,
        tokenPrefix: String = "token",
        script: [Step] = [],
        defaultStep: Step = .issue(lifetime: 3600)
    ) {
        self.clock = clock
        self.tokenPrefix = tokenPrefix
        self.defaultStep = defaultStep
        self.state = Locked(State(script: script))
    }

    /// The provider closure to hand to the code under test.
    package var provider: TokenCoordinator.Provider {
        { [self] in try await provide() }
    }

    /// How many times the provider has been called.
    package var callCount: Int {
        state.withLock { $0.callCount }
    }

    /// How many calls observed their task being cancelled.
    package var cancellationCount: Int {
        state.withLock { $0.cancellationCount }
    }

    /// How many calls are suspended now.
    package var suspendedCount: Int {
        state.withLock { $0.suspended.count }
    }

    /// The value the `number`th call issues with ``Step/issue(lifetime:)``.
    ///
    /// - Parameter number: The call number, from 1.
    /// - Returns: `"<prefix>-<number>"`.
    package func issuedValue(forCall number: Int) -> String {
        "\(tokenPrefix)-\(number)"
    }

    /// Appends steps to the script.
    ///
    /// - Parameter steps: The steps of the next calls that have no step yet.
    package func enqueue(_ steps: Step...) {
        state.withLock { $0.script.append(contentsOf: steps) }
    }

    /// Ends the oldest suspended call with `step`.
    ///
    /// - Parameter step: What the call does now; a suspending step is not allowed.
    package func resumeOldestSuspendedCall(with step: Step) {
        switch step {
        case .suspend, .suspendIgnoringCancellation:
            preconditionFailure("a suspended call cannot be resumed into another suspension")
        default:
            break
        }
        let call = state.withLock { state -> Suspended? in
            state.suspended.isEmpty ? nil : state.suspended.removeFirst()
        }
        guard let call else {
            preconditionFailure("no provider call is suspended")
        }
        call.continuation.resume(returning: step)
    }

    /// Returns once the provider has been called at least `count` times.
    ///
    /// - Parameters:
    ///   - count: The number of calls to wait for.
    ///   - timeout: Real seconds to wait at most.
    /// - Throws: `WaitTimeoutError` when the calls do not happen in time.
    package func waitForCalls(_ count: Int, timeout: TimeInterval = testDeadline) async throws {
        try await wait("\(count) provider calls", count, timeout: timeout, \.callWatchers) { $0.callCount }
    }

    /// Returns once at least `count` calls are suspended at the same time.
    ///
    /// - Parameters:
    ///   - count: The number of suspended calls to wait for.
    ///   - timeout: Real seconds to wait at most.
    /// - Throws: `WaitTimeoutError` when they are not suspended in time.
    package func waitForSuspendedCalls(_ count: Int, timeout: TimeInterval = testDeadline) async throws {
        try await wait("\(count) suspended provider calls", count, timeout: timeout, \.suspendedWatchers) {
            $0.suspended.count
        }
    }

    /// Returns once at least `count` calls have observed cancellation.
    ///
    /// - Parameters:
    ///   - count: The number of cancellations to wait for.
    ///   - timeout: Real seconds to wait at most.
    /// - Throws: `WaitTimeoutError` when they do not happen in time.
    package func waitForCancellations(_ count: Int, timeout: TimeInterval = testDeadline) async throws {
        try await wait("\(count) provider cancellations", count, timeout: timeout, \.cancellationWatchers) {
            $0.cancellationCount
        }
    }

    /// Waits until the counter that `current` reads reaches `count`, on the watcher set that counter raises.
    private func wait(
        _ awaited: String,
        _ count: Int,
        timeout: TimeInterval,
        _ watchers: any WritableKeyPath<State, ThresholdWaiters> & Sendable,
        current: (State) -> Int
    ) async throws {
        let state = state
        try await waitWithDeadline(
            awaited,
            timeout: timeout,
            register: { continuation in
                let (id, ready) = state.withLock { state in
                    state[keyPath: watchers].add(continuation, threshold: count, count: current(state))
                }
                ready?.resume()
                return id
            },
            remove: { id in state.withLock { $0[keyPath: watchers].remove(id) } }
        )
    }

    /// One provider call.
    ///
    /// - Returns: The token the step says.
    /// - Throws: The error the step says, or `CancellationError`.
    package func provide() async throws -> JanuaryClientToken {
        let (number, step, watchers) = state.withLock { state in
            state.callCount += 1
            let step = state.script.isEmpty ? defaultStep : state.script.removeFirst()
            return (state.callCount, step, state.callWatchers.satisfied(by: state.callCount))
        }
        for watcher in watchers { watcher.resume() }
        switch step {
        case .suspend:
            return try await resolve(suspending(ignoringCancellation: false), call: number)
        case .suspendIgnoringCancellation:
            return try await resolve(suspending(ignoringCancellation: true), call: number)
        default:
            return try resolve(step, call: number)
        }
    }

    private func resolve(_ step: Step, call number: Int) throws -> JanuaryClientToken {
        switch step {
        case .issue(let lifetime):
            return JanuaryClientToken(value: issuedValue(forCall: number), expiresIn: lifetime)
        case .issueExpiringAt(let lifetime):
            return JanuaryClientToken(
                value: issuedValue(forCall: number),
                expiresAt: clock.now().addingTimeInterval(lifetime)
            )
        case .token(let token):
            return token
        case .fail(let error):
            throw error
        case .suspend, .suspendIgnoringCancellation:
            preconditionFailure("suspensions are resolved before this point")
        }
    }

    private func suspending(ignoringCancellation: Bool) async -> Step {
        let id = state.withLock { state -> UInt64 in
            state.lastSuspensionID += 1
            return state.lastSuspensionID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Step, Never>) in
                var call = Suspended(id: id, ignoresCancellation: ignoringCancellation, continuation: continuation)
                let (step, watchers) = state.withLock { state -> (Step?, [CheckedContinuation<Void, any Error>]) in
                    if Task.isCancelled {
                        state.cancellationCount += 1
                        call.wasCancelled = true
                        let watchers = state.cancellationWatchers.satisfied(by: state.cancellationCount)
                        if !ignoringCancellation {
                            return (.fail(CancellationError()), watchers)
                        }
                        state.suspended.append(call)
                        return (nil, watchers + state.suspendedWatchers.satisfied(by: state.suspended.count))
                    }
                    state.suspended.append(call)
                    return (nil, state.suspendedWatchers.satisfied(by: state.suspended.count))
                }
                for watcher in watchers { watcher.resume() }
                if let step {
                    continuation.resume(returning: step)
                }
            }
        } onCancel: {
            let (call, watchers) = state.withLock { state -> (Suspended?, [CheckedContinuation<Void, any Error>]) in
                guard let index = state.suspended.firstIndex(where: { $0.id == id }),
                    !state.suspended[index].wasCancelled
                else {
                    return (nil, [])
                }
                state.suspended[index].wasCancelled = true
                state.cancellationCount += 1
                let watchers = state.cancellationWatchers.satisfied(by: state.cancellationCount)
                guard !state.suspended[index].ignoresCancellation else {
                    return (nil, watchers)
                }
                return (state.suspended.remove(at: index), watchers)
            }
            for watcher in watchers { watcher.resume() }
            call?.continuation.resume(returning: .fail(CancellationError()))
        }
    }
}
