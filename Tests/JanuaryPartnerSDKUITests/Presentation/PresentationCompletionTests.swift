import JanuaryCore
import JanuaryCoreTesting
import Testing

@testable import JanuaryPartnerSDKUI

/// The awaited presentation's caller is resumed once, outside the lock, however many threads send events at once.
@Suite("An awaited presentation resumes its caller exactly once under concurrent events", suiteTimeLimit())
struct PresentationCompletionTests {
    struct Failure: Error {}

    /// What the shell does with a dismissal the completion asks for: UIKit dismisses, then says the screen is gone.
    static func act(on completion: PresentationCompletion<Int>, _ event: PresentationStateMachine<Int>.Event) {
        if completion.send(event) {
            completion.send(.dismissed)
        }
    }

    @Test("an answer given before the caller waits is kept for it; one given after resumes it")
    func beforeAndAfterWaiting() async throws {
        let early = PresentationCompletion(fallback: 0)
        Self.act(on: early, .presented)
        Self.act(on: early, .reported(4))
        #expect(try await withDeadline("the kept answer") { try await early.wait() } == 4)

        let late = PresentationCompletion(fallback: 0)
        let waiter = Task { try await late.wait() }
        Self.act(on: late, .presented)
        Self.act(on: late, .cancelled)
        #expect(try await result(of: waiter, "the caller to be resumed").get() == 0)
    }

    @Test("a failed presentation throws its error to the caller")
    func failure() async throws {
        let completion = PresentationCompletion(fallback: 0)
        completion.send(.presentationFailed(Failure()))
        let answer = try await result(of: Task { try await completion.wait() }, "the failure")
        #expect(throws: Failure.self) { try answer.get() }
    }

    @Test("only a screen that stays may hand over to the next")
    func staying() {
        let completion = PresentationCompletion(fallback: 0)
        #expect(completion.isStaying)
        completion.send(.presented)
        #expect(completion.isStaying)
        #expect(completion.send(.cancelled))
        #expect(!completion.isStaying)
    }

    /// A presentation as the shell runs it: UIKit dismisses when asked, then says the screen is gone, and the
    /// caller's task cancelled asks for a dismissal. It counts the dismissals asked for.
    struct Shell: Sendable {
        let completion = PresentationCompletion(fallback: 0)
        let dismissals: Locked<Int>

        func send(_ event: PresentationStateMachine<Int>.Event) {
            if completion.send(event) {
                dismissals.withLock { $0 += 1 }
                completion.send(.dismissed)
            }
        }

        func answer() async throws -> Int {
            try await withTaskCancellationHandler {
                try await completion.wait()
            } onCancel: {
                send(.cancelled)
            }
        }
    }

    @Test(
        "many presentations, each raced by its screen's reports, UIKit and a cancelled task: one dismissal, one answer",
        arguments: [1, 10, 500])
    func concurrentEvents(count: Int) async throws {
        let dismissals = Locked(0)
        let answers = try await withDeadline("\(count) callers to be resumed") {
            try await withThrowingTaskGroup(of: (Int, Int).self) { group in
                for index in 0..<count {
                    let shell = Shell(dismissals: dismissals)
                    let caller = Task { try await shell.answer() }
                    let reports = index % 3  // none, one or two reports, besides the cancel
                    group.addTask {
                        await withTaskGroup(of: Void.self) { racers in
                            racers.addTask { shell.send(.presented) }
                            racers.addTask { caller.cancel() }
                            for report in 0..<reports {
                                racers.addTask { shell.send(.reported(index * 10 + report + 1)) }
                            }
                        }
                        return (index, try await caller.value)
                    }
                }
                var answers: [Int: Int] = [:]
                for try await (index, answer) in group {
                    #expect(answers[index] == nil)
                    answers[index] = answer
                }
                return answers
            }
        }
        #expect(answers.count == count)
        #expect(dismissals.withLock { $0 } == count)
        for (index, answer) in answers {
            // The fallback, or one of this presentation's own reports; without reports, the fallback.
            let reported = (0..<(index % 3)).map { index * 10 + $0 + 1 }
            #expect(answer == 0 || reported.contains(answer))
        }
    }

    @Test("a thousand reports, cancels and dismissals at once on one presentation: one dismissal, one answer")
    func oneScreenManyThreads() async throws {
        let completion = PresentationCompletion(fallback: 0)
        let dismissals = Locked(0)
        let caller = Task { try await completion.wait() }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    let event: PresentationStateMachine<Int>.Event =
                        switch index % 4 {
                        case 0: .presented
                        case 1: .reported(index)
                        case 2: .cancelled
                        default: .reported(-index)
                        }
                    if completion.send(event) {
                        dismissals.withLock { $0 += 1 }
                    }
                }
            }
        }
        #expect(dismissals.withLock { $0 } == 1)
        #expect(!completion.isStaying)
        for _ in 0..<100 {
            completion.send(.dismissed)
        }
        let answer = try await result(of: caller, "the caller to be resumed").get()
        #expect(answer != 0)
        #expect(answer % 4 == 1 || (-answer) % 4 == 3)
    }
}
