/// The life of one screen that an async entry point (`JanuaryMealLogger`) presents and awaits: it decides when to
/// dismiss the screen and what the caller gets, whatever arrives in whatever order (the screen's own result, the
/// caller's task cancelled, the screen dismissed by someone else, the presentation failing). Pure, so that every
/// order is tested on Linux (`PresentationStateMachineTests`); `PresentationCompletion` holds it under the lock and
/// resumes the caller.
///
/// The caller is answered once, and only once the screen is gone, so that it can present the next screen at once:
/// UIKit refuses a presentation while a dismissal is under way.
struct PresentationStateMachine<Outcome: Sendable>: Sendable {
    /// Where the presented screen is.
    enum Phase: Sendable, Hashable {
        /// Asked to present; UIKit has not finished presenting it.
        case presenting
        /// On screen.
        case shown
        /// Asked to dismiss; UIKit has not finished dismissing it.
        case dismissing
        /// Gone (or never shown): the caller has its answer.
        case finished
    }

    enum Event: Sendable {
        /// UIKit finished presenting the screen.
        case presented
        /// The screen could not be presented.
        case presentationFailed(any Error)
        /// The screen delivered its outcome (a log, a result, a cancel by the user).
        case reported(Outcome)
        /// The caller's task was cancelled.
        case cancelled
        /// The screen is gone: dismissed by us or by anyone else (its presenter dismissed, the app's code), or
        /// released without being dismissed.
        case dismissed
    }

    enum Action: Sendable {
        /// Dismiss the screen, and send ``Event/dismissed`` when it is gone.
        case dismiss
        /// Answer the caller.
        case finish(Result<Outcome, any Error>)
    }

    /// What the caller gets when the screen goes without reporting anything, such as a cancel.
    let fallback: Outcome
    private(set) var phase = Phase.presenting
    /// The first outcome the screen reported; later ones are ignored.
    private(set) var outcome: Outcome?
    /// A dismissal was asked for while the screen was still being presented.
    private(set) var dismissalPending = false

    init(fallback: Outcome) {
        self.fallback = fallback
    }

    var isFinished: Bool {
        phase == .finished
    }

    /// Whether the screen stays: presented or being presented, and no dismissal asked for. Only then may one screen
    /// hand over to the next (voice capture to the review sheet): a hand-over during a dismissal would start work
    /// that nobody sees.
    var isStaying: Bool {
        switch phase {
        case .presenting: !dismissalPending
        case .shown: true
        case .dismissing, .finished: false
        }
    }

    mutating func handle(_ event: Event) -> [Action] {
        switch (phase, event) {
        case (.finished, _):
            return []
        case (_, .dismissed):
            phase = .finished
            return [.finish(.success(outcome ?? fallback))]
        case (.presenting, .presentationFailed(let error)):
            phase = .finished
            return [.finish(.failure(error))]
        case (_, .presentationFailed):
            return []  // it was shown after all
        case (.presenting, .presented):
            guard dismissalPending else {
                phase = .shown
                return []
            }
            phase = .dismissing
            return [.dismiss]
        case (_, .presented):
            return []
        case (_, .reported(let reported)):
            if outcome == nil {
                outcome = reported
            }
            return requestDismissal()
        case (_, .cancelled):
            return requestDismissal()
        }
    }

    /// UIKit ignores a dismissal while a presentation is under way, so it waits until the screen is shown.
    private mutating func requestDismissal() -> [Action] {
        switch phase {
        case .presenting:
            dismissalPending = true
            return []
        case .shown:
            phase = .dismissing
            return [.dismiss]
        case .dismissing, .finished:
            return []
        }
    }
}
