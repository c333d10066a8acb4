import Foundation
import Testing

@testable import JanuaryPartnerSDK

/// The decisions of an exactly-once create, without a transport: what a lost answer leads to, what counts as the
/// create's own log, and when the machine gives up.
@Suite("Reconciling a lost create", suiteTimeLimit())
struct CreateReconciliationTests {
    static let eatenAt = Date(timeIntervalSince1970: 1_767_225_600.123)
    static let request = CreateFoodLogRequest(
        foods: [FoodLogInputFood(foodID: "1002", servingID: "5004", quantity: 1.5)], eatenAt: eatenAt, name: "Lunch")
    static let instant = LogInstant(eatenAt)!
    static let lost = JanuaryError(category: .timeout, code: "request_timeout", message: "Timed out.")
        .withOutcomeUnknown(note: "Check.")
    static let refused = JanuaryError(category: .invalidInput, code: "invalid_request", message: "No.", statusCode: 400)

    static func log(
        eatenAt: Date = eatenAt,
        name: String? = "Lunch",
        foodID: FoodID = "1002",
        servingID: ServingID = "5004",
        quantity: Double? = 1.5
    ) -> FoodLog {
        FoodLog(
            id: "3bee2eb0-cbbf-4a14-8f4e-63739cbd5ac7",
            foods: [
                LoggedFood(
                    foodID: foodID, nutrients: NutritionFacts(), quantity: quantity,
                    serving: ServingSummary(id: servingID, quantity: 1))
            ],
            eatenAt: eatenAt,
            name: name
        )
    }

    static func machine(maximumSends: Int = 3) -> CreateReconciliation {
        CreateReconciliation(request: request, instant: instant, maximumSends: maximumSends)
    }

    @Test(
        arguments: [
            (
                "the same log, as January stores it to the millisecond",
                log(eatenAt: Date(timeIntervalSince1970: 1_767_225_600.1234)), true
            ),
            (
                "another millisecond, the same content: another meal",
                log(eatenAt: Date(timeIntervalSince1970: 1_767_225_600.124)), false
            ),
            ("another name", log(name: "Dinner"), false),
            ("no name in the listing, which cannot disprove it", log(name: nil), true),
            ("another food", log(foodID: "1001"), false),
            ("another serving", log(servingID: "5005"), false),
            ("another quantity", log(quantity: 1), false),
            ("no quantity in the listing, which cannot disprove it", log(quantity: nil), true),
            ("the quantity as a decimal read back", log(quantity: 1.5000000000001), true),
        ] as [(String, FoodLog, Bool)]
    )
    func aLogIsTheCreatesOwnByItsInstantUnlessAFieldShownDiffers(_ name: String, _ log: FoodLog, _ matches: Bool) {
        #expect(CreateReconciliation.isLog(log, of: Self.request, at: Self.instant) == matches, "\(name)")
    }

    @Test func aCertainFailureIsTheAnswer() {
        var machine = Self.machine()
        _ = machine.start()
        guard case .fail(let error) = machine.sendFailed(Self.refused, startedAt: 10, now: 11) else {
            Issue.record("a 400 is not settled")
            return
        }
        #expect(error.code == Self.refused.code)
        #expect(!error.mayHaveTakenEffect)
    }

    @Test func aFailureBeforeAnythingWasSentIsTheAnswer() {
        var machine = Self.machine()
        _ = machine.start()
        guard case .fail = machine.sendFailed(Self.lost, startedAt: nil, now: 11) else {
            Issue.record("nothing was sent, so nothing can be settled")
            return
        }
    }

    @Test(arguments: [0, 1, 149.999] as [TimeInterval])
    func aLostAnswerWaitsOutTheSettleWindowFromItsSend(elapsed: TimeInterval) {
        var machine = Self.machine()
        _ = machine.start()
        guard case .wait(let until) = machine.sendFailed(Self.lost, startedAt: 100, now: 100 + elapsed) else {
            Issue.record("listed before January's longest request could have ended")
            return
        }
        #expect(until == 100 + CreateReconciliation.settleWindow)
        guard case .wait = machine.waitEnded(atUptime: 100 + elapsed) else {
            Issue.record("a wait that ends early waits on")
            return
        }
        guard case .listDay(let day) = machine.waitEnded(atUptime: until) else {
            Issue.record("not listed once the window passed")
            return
        }
        #expect(day.description == "2026-01-01", "the instant's UTC day")
    }

    @Test func anUnreadableSuccessIsLookedForAtOnce() {
        var machine = Self.machine()
        _ = machine.start()
        let unreadable = JanuaryError(category: .decoding, message: "?", statusCode: 201, mayHaveTakenEffect: true)
        guard case .listDay = machine.sendFailed(unreadable, startedAt: 100, now: 100) else {
            Issue.record("a stored log was waited for")
            return
        }
    }

    @Test func foundEndsIt() {
        var machine = Self.machine()
        _ = machine.start()
        _ = machine.sendFailed(Self.lost, startedAt: 0, now: 200)
        guard case .found(let found) = machine.listed([Self.log(name: "Dinner"), Self.log()]) else {
            Issue.record("the create's log was not found")
            return
        }
        #expect(found.name == "Lunch")
    }

    @Test func absentIsSentAgainUntilTheSendsAreSpent() {
        var machine = Self.machine(maximumSends: 2)
        _ = machine.start()
        _ = machine.sendFailed(Self.lost, startedAt: 0, now: 200)
        guard case .send = machine.listed([]) else {
            Issue.record("absent after the window, so sent again")
            return
        }
        #expect(machine.sends == 2)
        _ = machine.sendFailed(Self.lost, startedAt: 300, now: 500)
        guard case .fail(let error) = machine.listed([]) else {
            Issue.record("sent more than the maximum")
            return
        }
        #expect(error.mayHaveTakenEffect)
    }

    @Test func moreMatchesThanCanBeExplainedStayUnknown() {
        var machine = Self.machine()
        _ = machine.start()
        _ = machine.sendFailed(Self.lost, startedAt: 0, now: 200)
        guard case .fail(let error) = machine.listed([Self.log(), Self.log(quantity: nil)]) else {
            Issue.record("a guess between two logs at the create's instant")
            return
        }
        #expect(error.mayHaveTakenEffect)
        #expect(error.message.contains("2 logs"))
    }

    @Test func aListingThatFailsOrACancellationStaysUnknown() {
        var machine = Self.machine()
        _ = machine.start()
        _ = machine.sendFailed(Self.lost, startedAt: 0, now: 200)
        guard case .fail(let error) = machine.listFailed(Self.refused) else {
            Issue.record("settled without a listing")
            return
        }
        #expect(error.mayHaveTakenEffect)
        let cancelled = machine.cancelled()
        #expect(cancelled.mayHaveTakenEffect)
        #expect(cancelled.category == .cancelled)
    }

    @Test(
        arguments: [
            (1_767_225_600.123, [] as [Int64], 1_767_225_600_123 as Int64?),
            (1_767_225_600.123, [1_767_225_600_123], 1_767_225_600_124),
            (1_767_225_600.999, [1_767_225_600_999], 1_767_225_600_000),
            (1_767_225_600.999_9, [], 1_767_225_600_999),
            (-0.5, [], -500),
        ] as [(TimeInterval, [Int64], Int64?)]
    )
    func anInstantStaysInItsSecondAndIsUnique(_ time: TimeInterval, _ taken: [Int64], _ expected: Int64?) {
        let taken = Set(taken.map(LogInstant.init(milliseconds:)))
        let picked = LogInstant.pick(near: Date(timeIntervalSince1970: time), isTaken: taken.contains)
        #expect(picked?.milliseconds == expected)
    }

    @Test func aFullSecondHasNoInstant() {
        let start = Int64(1_767_225_600_000)
        let taken = Set((start..<start + 1000).map(LogInstant.init(milliseconds:)))
        #expect(LogInstant.pick(near: Date(timeIntervalSince1970: 1_767_225_600.5), isTaken: taken.contains) == nil)
        #expect(LogInstant.pick(near: .distantFuture.addingTimeInterval(1e20), isTaken: { _ in false }) == nil)
    }

    @Test func concurrentReservationsNeverShareAnInstant() async {
        let book = LogInstantBook()
        let owner = LogInstantBook.Owner(kind: "food", user: "u")
        let instants = await withTaskGroup(of: LogInstant?.self) { group in
            for _ in 0..<500 {
                group.addTask { book.reserve(near: Self.eatenAt, for: owner) }
            }
            var all: [LogInstant?] = []
            for await instant in group {
                all.append(instant)
            }
            return all
        }
        #expect(instants.compactMap { $0 }.count == 500)
        #expect(Set(instants.compactMap { $0 }).count == 500)
        #expect(instants.allSatisfy { $0?.secondStart == 1_767_225_600_000 })
    }
}
