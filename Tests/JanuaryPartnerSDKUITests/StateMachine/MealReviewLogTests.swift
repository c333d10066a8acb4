import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import Testing

@testable import JanuaryPartnerSDKUI

/// "Log" sends one create however often it is tapped, and a failure offers what its `JanuaryError.recovery` allows.
@Suite("The review sheet logs a meal once per Log, and recovers from a failure as its recovery says", suiteTimeLimit())
struct MealReviewLogTests {
    typealias F = ReviewFixtures

    static func logs(_ actions: [Review.Action]) -> [CreateFoodLogRequest] {
        actions.compactMap { if case .log(let request, _) = $0 { request } else { nil } }
    }

    /// The breakfast, logged once and failed with `error`.
    static func failed(with error: JanuaryError) -> Review {
        var machine = editingBreakfast()
        _ = machine.handle(.logTapped)
        _ = machine.handle(.logFinished(attempt: 3, .failure(error)))
        return machine
    }

    @Test("one log per Log, however often it is tapped, and the meal is delivered once", arguments: [1, 2, 10, 100])
    func exactlyOnce(taps: Int) {
        var machine = editingBreakfast()
        var actions: [Review.Action] = []
        for _ in 0..<taps {
            actions += machine.handle(.logTapped)
        }
        #expect(Self.logs(actions) == [machine.request])
        #expect(machine.phase == .logging(machine.request, attempt: 3))
        let log = FoodLog(id: "log-1", foods: [], eatenAt: Date(timeIntervalSince1970: 0))
        var after = machine.handle(.logFinished(attempt: 3, .success(log)))
        for _ in 0..<taps {
            after += machine.handle(.logTapped)
            after += machine.handle(.logFinished(attempt: 3, .success(log)))
        }
        #expect(after == [.deliver(LoggedMeal(request: machine.request, log: log))])
        #expect(machine.phase == .logged)
    }

    @Test("the log carries the edited foods, serving and quantity, with the name and time")
    func editedRequest() {
        var machine = editingBreakfast()
        let noon = Date(timeIntervalSince1970: 1_750_000_000)
        for event: Review.Event in [
            .quantityIncreased(item: 1), .servingSelected(item: 2, "5002"), .quantityEntered(item: 2, 0.5),
            .nameChanged("Brunch"), .timeChanged(noon),
        ] {
            _ = machine.handle(event)
        }
        let expected = CreateFoodLogRequest(
            foods: [
                FoodLogInputFood(foodID: "1003", servingID: "5006", quantity: 2.5),
                FoodLogInputFood(foodID: "1001", servingID: "5002", quantity: 0.5),
            ], eatenAt: noon, name: "Brunch")
        #expect(machine.handle(.logTapped) == [.log(expected, attempt: 3)])
    }

    @Test("a logger that accepts the meal for later delivers it without January's log")
    func pending() {
        var machine = editingBreakfast()
        _ = machine.handle(.logTapped)
        #expect(
            machine.handle(.logFinished(attempt: 3, .success(nil))) == [
                .deliver(LoggedMeal(request: machine.request, log: nil))
            ])
    }

    /// Every error category, and the codes whose recovery differs from their category's: the buttons the failure
    /// screen offers and what each does.
    @Test(
        "each failure offers what its recovery allows: Try again only for a passing fault, never after a write that may have been stored",
        arguments: [
            // (error, Try again, Back to meal, the way out)
            (F.failure(.server, .internalError), true, true, MealReviewScreen.Button.Kind.cancel),
            (F.failure(.server, .upstreamTimeout), true, true, .cancel),
            (F.failure(.timeout), true, true, .cancel),
            (F.failure(.network, .networkConnectionLost), true, true, .cancel),
            (F.failure(.network, .notConnectedToInternet), true, true, .cancel),
            (F.failure(.rateLimited, .rateLimited), true, true, .cancel),
            (F.failure(.tokenProvider), true, true, .cancel),
            (F.failure(.rateLimited, .creditLimitExceeded), false, false, .close),
            (F.failure(.rateLimited, .requestLimitExceeded), false, false, .close),
            (F.failure(.authentication, .tokenRevoked), false, false, .close),
            (F.failure(.tokenProvider, .partnerBackendRefused), false, false, .close),
            (F.failure(.invalidInput, .invalidRequest), false, true, .cancel),
            (F.failure(.notFound, .notFound), false, true, .cancel),
            (F.failure(.authorization, .scopeInsufficient), false, true, .cancel),
            (F.failure(.decoding), false, true, .cancel),
            (F.failure(.cancelled, .signedOut), false, true, .cancel),
            // The SDK could not settle a lost answer: the meal may be stored.
            (F.failure(.timeout, .requestTimeout, effect: true), false, false, .closeUnconfirmed),
            (F.failure(.server, .internalError, effect: true), false, false, .closeUnconfirmed),
            (F.failure(.cancelled, .cancelled, effect: true), false, false, .closeUnconfirmed),
            (F.failure(.network, .notConnectedToInternet, effect: true), false, false, .closeUnconfirmed),
        ])
    func recovery(error: JanuaryError, retries: Bool, edits: Bool, exit: MealReviewScreen.Button.Kind) {
        var machine = Self.failed(with: error)
        let request = machine.request
        let kinds = MealReviewScreen(machine).buttons.map(\.kind)
        #expect(kinds.contains(.retryLog) == retries)
        #expect(kinds.contains(.edit) == edits)
        #expect(kinds.last == exit)
        #expect(!kinds.contains(.retry))
        // What the buttons do, whether shown or not: a tap the screen does not offer changes nothing.
        var retried = machine
        #expect(retried.handle(.retryTapped) == (retries ? [.log(request, attempt: 4)] : []))
        var edited = machine
        _ = edited.handle(.editTapped)
        #expect((edited.phase == .editing) == edits)
        let unconfirmed = error.mayHaveTakenEffect ? request : nil
        #expect(
            machine.handle(.cancelTapped) == [
                .deliverCancellation(MealReviewCancellation(unconfirmedRequest: unconfirmed))
            ])
    }

    @Test("every known code: Try again exactly when its recovery is to retry", arguments: JanuaryError.Code.allKnown)
    func everyCode(code: JanuaryError.Code) {
        let error = JanuaryError(category: .server, code: code, message: "m")
        var machine = Self.failed(with: error)
        let retries = [.retryLater, .retryWhenOnline].contains(error.recovery.kind)
        #expect(MealReviewScreen(machine).buttons.map(\.kind).contains(.retryLog) == retries, "\(code)")
        #expect(Self.logs(machine.handle(.retryTapped)).count == (retries ? 1 : 0), "\(code)")
    }

    @Test("after a failure and a retry, the second Log sends one create more, never two")
    func retryOnce() {
        var machine = Self.failed(with: F.failure(.network, .notConnectedToInternet))
        var actions: [Review.Action] = []
        for _ in 0..<5 {
            actions += machine.handle(.retryTapped)
            actions += machine.handle(.logTapped)
        }
        #expect(Self.logs(actions).count == 1)
        // Back to the meal, an edit, and Log again: one more.
        _ = machine.handle(.logFinished(attempt: 4, .failure(F.failure(.server))))
        _ = machine.handle(.editTapped)
        _ = machine.handle(.quantityIncreased(item: 2))
        #expect(Self.logs(machine.handle(.logTapped) + machine.handle(.logTapped)).count == 1)
    }

    @Test("a late answer for an earlier attempt is dropped")
    func staleAnswer() {
        var machine = Self.failed(with: F.failure(.server))
        _ = machine.handle(.retryTapped)
        #expect(machine.handle(.logFinished(attempt: 3, .success(nil))) == [])
        #expect(machine.phase == .logging(machine.request, attempt: 4))
    }

    // MARK: Cancel at every state

    @Test(
        "cancel and dismissal end the sheet from every state, cancelling the work in flight; only a log in flight or one that may be stored is reported as maybe logged",
        arguments: [Review.Event.cancelTapped, .dismissed])
    func cancelEverywhere(event: Review.Event) {
        let request = editingBreakfast().request
        let search = { (machine: Review) -> Review in
            var machine = machine
            _ = machine.handle(.addFoodTapped)
            _ = machine.handle(.searchQueryChanged("egg"))
            _ = machine.handle(.searchSubmitted)
            return machine
        }
        let states: [(Review, [Int], CreateFoodLogRequest?)] = [
            (Review(input: .scan(F.breakfast)), [], nil),
            (review(.description("soup"), [.appeared]).0, [1], nil),
            (
                review(.description("soup"), [.appeared, .analysisFinished(attempt: 1, .failure(F.failure(.server)))])
                    .0, [], nil
            ),
            (review([.appeared]).0, [1, 2], nil),
            (review([.appeared, .foodFetched(attempt: 1, .success(F.egg))]).0, [2], nil),
            (editingBreakfast(), [], nil),
            (search(editingBreakfast()), [3], nil),
            (review([.appeared, .logTapped]).0, [1, 2], nil),
            (
                review([
                    .appeared, .foodFetched(attempt: 1, .success(F.egg)), .foodFetched(attempt: 2, .success(F.banana)),
                    .logTapped,
                ]).0, [3], request
            ),
            (Self.failed(with: F.failure(.server)), [], nil),
            (Self.failed(with: F.failure(.server, effect: true)), [], request),
            (Self.failed(with: F.failure(.rateLimited, .creditLimitExceeded)), [], nil),
        ]
        for (state, inFlight, unconfirmed) in states {
            var machine = state
            #expect(
                machine.handle(event)
                    == inFlight.map { .cancelWork(attempt: $0) } + [
                        .deliverCancellation(MealReviewCancellation(unconfirmedRequest: unconfirmed))
                    ], "\(state.phase)")
            #expect(machine.phase == .cancelled)
            #expect(machine.isDone)
            // Done means done: nothing more is sent or delivered.
            for later: Review.Event in [.cancelTapped, .dismissed, .appeared, .logTapped, .retryTapped] {
                #expect(machine.handle(later) == [])
            }
        }
    }

    @Test("a logged meal is not cancelled afterwards")
    func loggedIsFinal() {
        var machine = editingBreakfast()
        _ = machine.handle(.logTapped)
        _ = machine.handle(.logFinished(attempt: 3, .success(nil)))
        #expect(machine.handle(.dismissed) == [])
        #expect(machine.handle(.cancelTapped) == [])
        #expect(machine.phase == .logged)
    }
}
