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

    @Test(
        arguments: [
            (
                "the same log, as January stores it to the millisecond",
                log(eatenAt: Date(timeIntervalSince1970: 1_767_225_600.1234)), true
            ),
            ("another millisecond", log(eatenAt: Date(timeIntervalSince1970: 1_767_225_600.124)), false),
            ("another name", log(name: "Dinner"), false),
            ("no name", log(name: nil), false),
            ("another food", log(foodID: "1001"), false),
            ("another serving", log(servingID: "5005"), false),
            ("another quantity", log(quantity: 1), false),
        ] as [(String, FoodLog, Bool)]
    )
    func aLogIsTheCreatesOwnOnlyWhenEverythingMatches(_ name: String, _ log: FoodLog, _ matches: Bool) {
        #expect(CreateReconciliation.isLog(log, of: Self.request) == matches, "\(name)")
    }

    @Test func aCertainFailureIsTheAnswer() {
        var machine = CreateReconciliation(request: Self.request)
        _ = machine.start()
        guard case .fail(let error) = machine.sendFailed(Self.refused) else {
            Issue.record("a 400 must be thrown as it is")
            return
        }
        #expect(error.code == "invalid_request" && !error.mayHaveTakenEffect)
    }

    @Test func aLostAnswerIsFoundInTheDay() {
        var machine = CreateReconciliation(request: Self.request)
        _ = machine.start()
        guard case .listDay = machine.sendFailed(Self.lost) else {
            Issue.record("a lost answer must be checked")
            return
        }
        guard case .found(let log) = machine.listed([Self.log(name: "Other"), Self.log()]) else {
            Issue.record("the stored log must be found")
            return
        }
        #expect(log.name == "Lunch")
        #expect(machine.sends == 1)
    }

    /// Absent from the day, the create is sent again; at most `maximumSends` times, then the outcome stays unknown.
    @Test(arguments: [1, 2, 3])
    func anAbsentLogIsSentAgainWhileSendsRemain(_ maximumSends: Int) {
        var machine = CreateReconciliation(request: Self.request, maximumSends: maximumSends)
        _ = machine.start()
        var sends = 1
        while true {
            _ = machine.sendFailed(Self.lost)
            let next = machine.listed([])
            if case .send = next {
                sends += 1
                continue
            }
            guard case .fail(let error) = next else {
                Issue.record("after the last send, the outcome is unknown")
                return
            }
            #expect(error.mayHaveTakenEffect)
            break
        }
        #expect(sends == maximumSends)
    }

    @Test func aListingThatFailsLeavesTheOutcomeUnknownWithItsCause() {
        var machine = CreateReconciliation(request: Self.request)
        _ = machine.start()
        _ = machine.sendFailed(Self.lost)
        guard case .fail(let error) = machine.listFailed(Self.refused) else {
            Issue.record("a failed listing ends the reconciliation")
            return
        }
        #expect(error.mayHaveTakenEffect)
        #expect(error.code == "request_timeout", "the create's own failure, with the listing's as its cause")
        #expect((error.underlyingError as? JanuaryError)?.code == "invalid_request")
    }

    @Test(arguments: [Date.distantPast, .distantFuture, Date(timeIntervalSince1970: 0)])
    func millisecondsNeverTrap(_ date: Date) {
        let rounded = CreateReconciliation.toMillisecond(date)
        #expect(CreateReconciliation.milliseconds(rounded) == CreateReconciliation.milliseconds(date))
    }
}
