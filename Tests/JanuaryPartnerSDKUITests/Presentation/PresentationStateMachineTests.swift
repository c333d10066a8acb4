import Testing

@testable import JanuaryPartnerSDKUI

/// The awaited presentation answers its caller once, after its screen is gone, with the first outcome reported,
/// whatever order the screen, the caller's cancel and UIKit's dismissals come in.
@Suite("An awaited presentation answers once, after its screen is gone, with the first outcome", suiteTimeLimit())
struct PresentationStateMachineTests {
    typealias Machine = PresentationStateMachine<Int>
    struct Failure: Error, Equatable {}

    /// What a run of events produced: the dismissals asked for and the answers given.
    struct Run {
        var dismissals = 0
        var answers: [Result<Int, any Error>] = []
        /// The index of the event after which each dismissal was asked for, and each answer given.
        var dismissedAfter: [Int] = []
        var answeredAfter: [Int] = []

        var answer: Int? {
            guard answers.count == 1, case .success(let value) = answers[0] else {
                return nil
            }
            return value
        }
    }

    static func run(_ events: [Machine.Event], on machine: inout Machine) -> Run {
        var run = Run()
        for (index, event) in events.enumerated() {
            for action in machine.handle(event) {
                switch action {
                case .dismiss:
                    run.dismissals += 1
                    run.dismissedAfter.append(index)
                case .finish(let answer):
                    run.answers.append(answer)
                    run.answeredAfter.append(index)
                }
            }
        }
        return run
    }

    static func run(_ events: [Machine.Event]) -> (Run, Machine) {
        var machine = Machine(fallback: 0)
        let run = run(events, on: &machine)
        return (run, machine)
    }

    /// The states a presentation can be in, each reached by the events that lead there.
    enum State: String, CaseIterable, CustomTestStringConvertible {
        case presenting, presentingWithDismissalPending, shown, dismissingAfterReport, dismissingAfterCancel, finished

        var events: [Machine.Event] {
            switch self {
            case .presenting: []
            case .presentingWithDismissalPending: [.cancelled]
            case .shown: [.presented]
            case .dismissingAfterReport: [.presented, .reported(7)]
            case .dismissingAfterCancel: [.presented, .cancelled]
            case .finished: [.presented, .reported(7), .dismissed]
            }
        }

        /// What the caller gets once this state's screen is gone.
        var answer: Int {
            switch self {
            case .dismissingAfterReport, .finished: 7
            default: 0
            }
        }

        var testDescription: String { rawValue }
    }

    @Test("each state is where its events lead", arguments: State.allCases)
    func states(state: State) {
        let (_, machine) = Self.run(state.events)
        let expected: Machine.Phase =
            switch state {
            case .presenting, .presentingWithDismissalPending: .presenting
            case .shown: .shown
            case .dismissingAfterReport, .dismissingAfterCancel: .dismissing
            case .finished: .finished
            }
        #expect(machine.phase == expected)
        #expect(machine.dismissalPending == (state == .presentingWithDismissalPending))
        #expect(machine.isStaying == [.presenting, .shown].contains(state))
    }

    @Test("a cancel in every state dismisses the screen once and answers once it is gone", arguments: State.allCases)
    func cancelInEveryState(state: State) throws {
        var machine = Machine(fallback: 0)
        let before = Self.run(state.events, on: &machine)
        // The cancel, then UIKit finishing what is under way (presenting, dismissing) and a second cancel.
        let after = Self.run([.cancelled, .presented, .dismissed, .cancelled, .dismissed], on: &machine)
        #expect(before.dismissals + after.dismissals == 1)
        #expect(before.answers.count + after.answers.count == 1)
        let answers = before.answers + after.answers
        guard case .success(let value) = try #require(answers.first) else {
            Issue.record("the presentation failed")
            return
        }
        #expect(value == state.answer)
        #expect(machine.isFinished)
        if state != .finished {
            // Answered when the screen is gone, not when the cancel came.
            #expect(before.answers.isEmpty)
            #expect(after.answeredAfter == [2])
        }
    }

    @Test("no dismissal while the screen is being presented: the request waits for it to be shown")
    func dismissalWaitsForPresentation() {
        var machine = Machine(fallback: 0)
        #expect(Self.run([.reported(3), .cancelled], on: &machine).dismissals == 0)
        let shown = Self.run([.presented], on: &machine)
        #expect(shown.dismissals == 1)
        #expect(shown.answers.isEmpty)
        #expect(Self.run([.dismissed], on: &machine).answer == 3)
    }

    @Test("a second outcome, a second dismissal and a late presentation are ignored")
    func doubleCompletionIgnored() {
        let (run, machine) = Self.run([
            .presented, .reported(1), .reported(2), .cancelled, .dismissed, .dismissed, .reported(3), .presented,
        ])
        #expect(run.dismissals == 1)
        #expect(run.answer == 1)
        #expect(machine.outcome == 1)
    }

    @Test("a screen dismissed by someone else answers with what it reported, or the fallback")
    func dismissedElsewhere() {
        #expect(Self.run([.presented, .dismissed]).0.answer == 0)
        #expect(Self.run([.presented, .dismissed]).0.dismissals == 0)
        // The review sheet reports its cancel while the dismissal it did not ask for is under way.
        let (reported, _) = Self.run([.presented, .reported(5), .dismissed])
        #expect(reported.answer == 5)
        // Released before UIKit finished presenting it.
        #expect(Self.run([.dismissed]).0.answer == 0)
    }

    @Test("a presentation that fails answers with its error, once; a failure after it was shown is ignored")
    func presentationFailure() throws {
        let (failed, _) = Self.run([.presentationFailed(Failure()), .presented, .dismissed, .reported(1)])
        #expect(failed.answers.count == 1)
        #expect(failed.dismissals == 0)
        guard case .failure(let error) = try #require(failed.answers.first) else {
            Issue.record("no failure")
            return
        }
        #expect(error is Failure)
        let (shown, _) = Self.run([.presented, .presentationFailed(Failure()), .reported(4), .dismissed])
        #expect(shown.answer == 4)
    }

    /// Every order of the events that can reach a presentation: UIKit presenting it, two outcomes, the caller's
    /// cancel and UIKit's dismissal.
    static let orders: [[Machine.Event]] = permutations([
        .presented, .reported(1), .reported(2), .cancelled, .dismissed,
    ])

    static func permutations(_ events: [Machine.Event]) -> [[Machine.Event]] {
        guard events.count > 1 else {
            return [events]
        }
        return events.indices.flatMap { index in
            var rest = events
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }

    @Test("in every order of events: one answer, at most one dismissal, never before the screen is shown")
    func everyOrder() {
        #expect(Self.orders.count == 120)
        for events in Self.orders {
            let (run, machine) = Self.run(events)
            let presented = events.firstIndex { if case .presented = $0 { true } else { false } }!
            let dismissed = events.firstIndex { if case .dismissed = $0 { true } else { false } }!
            let firstReport = events.firstIndex { if case .reported = $0 { true } else { false } }!
            let cancel = events.firstIndex { if case .cancelled = $0 { true } else { false } }!
            #expect(run.answers.count == 1)
            #expect(run.answeredAfter == [dismissed])
            #expect(machine.isFinished)
            // The first report before the screen went is the answer; after it, the fallback.
            let expected: Int =
                if firstReport < dismissed, case .reported(let value) = events[firstReport] { value } else { 0 }
            #expect(run.answer == expected)
            // A dismissal is asked for when a report or cancel came while the screen was there, once it is shown.
            let asked = min(firstReport, cancel)
            let expectsDismissal = asked < dismissed && presented < dismissed
            #expect(run.dismissals == (expectsDismissal ? 1 : 0))
            if expectsDismissal {
                #expect(run.dismissedAfter == [max(asked, presented)])
            }
        }
    }
}
