import JanuaryCore

/// One awaited presentation: ``PresentationStateMachine`` under the lock, and the caller's continuation, resumed
/// once, after the lock is released. Events come from any thread: the screen's callbacks and UIKit on the main
/// actor, the task's cancellation handler wherever the cancel happened.
final class PresentationCompletion<Outcome: Sendable>: Sendable {
    private struct State: Sendable {
        var machine: PresentationStateMachine<Outcome>
        var continuation: CheckedContinuation<Outcome, any Error>?
        /// The answer, kept until the caller starts waiting.
        var answer: Result<Outcome, any Error>?
        var hasWaited = false
    }

    private let state: Locked<State>

    /// - Parameter fallback: What the caller gets when the screen goes without reporting anything.
    init(fallback: Outcome) {
        state = Locked(State(machine: PresentationStateMachine(fallback: fallback)))
    }

    /// Feeds `event` to the machine and answers the caller if the machine says so.
    ///
    /// - Returns: Whether the screen must now be dismissed (then send ``PresentationStateMachine/Event/dismissed``
    ///   once it is gone). The machine asks for it at most once.
    @discardableResult
    func send(_ event: PresentationStateMachine<Outcome>.Event) -> Bool {
        var dismisses = false
        let resumption: (CheckedContinuation<Outcome, any Error>, Result<Outcome, any Error>)? = state.withLock {
            state in
            var resumption: (CheckedContinuation<Outcome, any Error>, Result<Outcome, any Error>)?
            for action in state.machine.handle(event) {
                switch action {
                case .dismiss:
                    dismisses = true
                case .finish(let answer):
                    if let continuation = state.continuation {
                        state.continuation = nil
                        resumption = (continuation, answer)
                    } else {
                        state.answer = answer
                    }
                }
            }
            return resumption
        }
        if let (continuation, answer) = resumption {
            continuation.resume(with: answer)
        }
        return dismisses
    }

    /// Waits for the answer: the screen's outcome, the fallback, or the presentation's failure. Call it once.
    func wait() async throws -> Outcome {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Outcome, any Error>) in
            let answer: Result<Outcome, any Error>? = state.withLock { state in
                precondition(!state.hasWaited, "PresentationCompletion.wait() called twice")
                state.hasWaited = true
                guard let answer = state.answer else {
                    state.continuation = continuation
                    return nil
                }
                state.answer = nil
                return answer
            }
            if let answer {
                continuation.resume(with: answer)
            }
        }
    }

    /// Whether the screen stays, so that it may hand over to the next (``PresentationStateMachine/isStaying``).
    var isStaying: Bool {
        state.withLock { $0.machine.isStaying }
    }
}
