import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import Testing

@testable import JanuaryPartnerSDKUI

@Suite("The review sheet's state machine: opening, fetching servings, editing and searching", suiteTimeLimit())
struct MealReviewStateMachineTests {
    typealias F = ReviewFixtures

    // MARK: Opening

    @Test("a scan opens on its detections and fetches each distinct food once, for its servings")
    func openScan() {
        // The same food twice (two portions of it) is fetched once.
        let scan = FoodScan(detections: [
            F.detected(F.egg, F.large, quantity: 2), F.detected(F.banana, F.medium, quantity: 1),
            F.detected(F.egg, F.eggGrams, quantity: 0.5),
        ])
        var machine = Review(input: .scan(scan))
        #expect(machine.handle(.appeared) == [.fetchFood("1003", attempt: 1), .fetchFood("1001", attempt: 2)])
        #expect(machine.phase == .loading)
        #expect(machine.items.map(\.details) == [.loading(attempt: 1), .loading(attempt: 2), .loading(attempt: 1)])
        #expect(machine.items.map(\.entry) == scan.loggableFoods)
        // Appearing again (a cover dismissed over it) starts nothing more.
        #expect(machine.handle(.appeared) == [])
        #expect(machine.handle(.foodFetched(attempt: 1, .success(F.egg))) == [])
        #expect(machine.phase == .loading)
        #expect(machine.handle(.foodFetched(attempt: 2, .success(F.banana))) == [])
        #expect(machine.phase == .editing)
        #expect(machine.items.allSatisfy { $0.details == .complete })
    }

    @Test(
        "the meal's name: the partner's, else the scan's, else none",
        arguments: [(String?.none, "Breakfast"), ("Brunch", "Brunch")])
    func name(partner: String?, expected: String) {
        let (machine, _) = review(name: partner, [.appeared])
        #expect(machine.name == expected)
        #expect(machine.request.name == expected)
    }

    @Test("a barcode's food opens as one default serving, complete, with nothing to fetch")
    func openFood() {
        let (machine, actions) = review(.food(F.banana), [.appeared])
        #expect(actions == [])
        #expect(machine.phase == .editing)
        #expect(machine.items.map(\.entry) == [FoodLogInputFood(foodID: "1001", servingID: "5001", quantity: 1)])
        #expect(machine.items.first?.canChangeServing == true)
        #expect(machine.request.name == nil)
    }

    @Test("the scanner's result opens the sheet as its scan or its food")
    func scannerResult() {
        #expect(MealReviewInput(.meal(image: Data([1]), scan: F.breakfast)) == .scan(F.breakfast))
        #expect(MealReviewInput(.food(F.banana, barcode: "012345678905")) == .food(F.banana))
    }

    @Test(
        "nothing recognised: an empty scan, a scan of unusable detections, a food without servings",
        arguments: [
            (MealReviewInput.scan(FoodScan(detections: [])), 0),
            (
                .scan(
                    FoodScan(detections: [
                        FoodDetection(food: DetectedFood(id: "1001", quantity: nil, serving: nil)),
                        FoodDetection(
                            food: DetectedFood(
                                id: "1001", quantity: 0, serving: ServingSummary(id: "5001", quantity: 1))),
                    ])), 2
            ),
            (.food(Food(id: "1001", name: "banana")), 0),
        ])
    func nothingRecognised(input: MealReviewInput, skipped: Int) {
        var machine = Review(input: input)
        #expect(machine.handle(.appeared) == [])
        #expect(machine.phase == .editing)
        #expect(machine.items.isEmpty)
        #expect(machine.nothingRecognised)
        #expect(machine.skippedDetections == skipped)
        #expect(!machine.canLog)
        #expect(machine.handle(.logTapped) == [])
    }

    @Test("a description is analysed first, then opens like a scan")
    func description() {
        var machine = Review(input: .description("2 eggs and a banana"))
        #expect(machine.handle(.appeared) == [.analyse("2 eggs and a banana", attempt: 1)])
        #expect(machine.phase == .analysing("2 eggs and a banana"))
        // A stale attempt is dropped.
        #expect(machine.handle(.analysisFinished(attempt: 0, .success(F.breakfast))) == [])
        #expect(
            machine.handle(.analysisFinished(attempt: 1, .success(F.breakfast))) == [
                .fetchFood("1003", attempt: 2), .fetchFood("1001", attempt: 3),
            ])
        #expect(machine.phase == .loading)
    }

    @Test(
        "a failed analysis offers Try again only when its recovery is to retry",
        arguments: [
            (F.failure(.server, .upstreamTimeout), true), (F.failure(.network, .notConnectedToInternet), true),
            (F.failure(.rateLimited, .creditLimitExceeded), false), (F.failure(.invalidInput), false),
            (F.failure(.authentication, .tokenRevoked), false), (F.failure(.decoding), false),
        ])
    func analysisFailure(error: JanuaryError, retries: Bool) {
        var machine = review(.description("soup"), [.appeared, .analysisFinished(attempt: 1, .failure(error))]).0
        #expect(machine.phase == .failed(Review.Failure(error), .analysis("soup")))
        #expect(machine.handle(.retryTapped) == (retries ? [.analyse("soup", attempt: 2)] : []))
        // There is no meal to go back to.
        #expect(machine.handle(.editTapped) == [])
    }

    // MARK: Fetching servings

    @Test(
        "a food whose servings cannot be fetched stays as detected, and the meal opens with a notice",
        arguments: [
            F.failure(.server, .internalError), F.failure(.network, .notConnectedToInternet),
            F.failure(.notFound, .notFound), F.failure(.decoding),
        ])
    func partialFailure(error: JanuaryError) {
        let (machine, _) = review([
            .appeared, .foodFetched(attempt: 1, .failure(error)), .foodFetched(attempt: 2, .success(F.banana)),
        ])
        #expect(machine.phase == .editing)
        #expect(machine.items.map(\.details) == [.unavailable(Review.Failure(error)), .complete])
        #expect(machine.detailsFailure == Review.Failure(error))
        #expect(machine.canRetryDetails == Review.Failure(error).canRetry)
        // Logged as detected: the entry is unchanged and the detection's nutrients stand.
        #expect(machine.items[0].entry == F.breakfast.loggableFoods[0])
        #expect(machine.items[0].nutrients == F.breakfast.detections[0].food.nutrients)
        #expect(!machine.items[0].canChangeServing)
        #expect(machine.canLog)
    }

    @Test(
        "a fetch failure that leaves January out of reach ends on its screen: the log would fail too",
        arguments: [
            F.failure(.rateLimited, .creditLimitExceeded), F.failure(.rateLimited, .requestLimitExceeded),
            F.failure(.authentication, .tokenRevoked),
        ])
    func blockingFailure(error: JanuaryError) {
        var machine = review([
            .appeared, .foodFetched(attempt: 1, .success(F.egg)), .foodFetched(attempt: 2, .failure(error)),
        ]).0
        #expect(machine.phase == .failed(Review.Failure(error), .details))
        #expect(machine.handle(.retryTapped) == [])
        #expect(machine.handle(.editTapped) == [])
        #expect(machine.handle(.logTapped) == [])
    }

    @Test("loading the servings again fetches each failed food once, only where a retry may pass")
    func retryDetails() {
        let offline = F.failure(.network, .notConnectedToInternet)
        var machine = review([
            .appeared, .foodFetched(attempt: 1, .failure(offline)), .foodFetched(attempt: 2, .failure(offline)),
        ]).0
        #expect(
            machine.handle(.retryDetailsTapped) == [.fetchFood("1003", attempt: 3), .fetchFood("1001", attempt: 4)])
        #expect(machine.handle(.foodFetched(attempt: 3, .success(F.egg))) == [])
        #expect(machine.handle(.foodFetched(attempt: 4, .failure(F.failure(.invalidInput)))) == [])
        #expect(machine.items.map(\.details) == [.complete, .unavailable(Review.Failure(F.failure(.invalidInput)))])
        // fixInput: the same fetch would fail the same way.
        #expect(!machine.canRetryDetails)
        #expect(machine.handle(.retryDetailsTapped) == [])
    }

    @Test("a fetch answered with another food than the one asked for is not taken")
    func wrongFood() {
        let (machine, _) = review([
            .appeared, .foodFetched(attempt: 1, .success(F.banana)), .foodFetched(attempt: 2, .success(F.banana)),
        ])
        #expect(machine.items[0].food == nil)
        #expect(
            machine.items[0].details == .unavailable(Review.Failure(sentence: .errorDecoding, recovery: .reportBug)))
        #expect(machine.items[1].details == .complete)
    }

    @Test("a stale fetch changes nothing")
    func staleFetch() {
        var machine = editingBreakfast()
        let before = machine
        #expect(machine.handle(.foodFetched(attempt: 1, .success(F.egg))) == [])
        #expect(machine.handle(.foodFetched(attempt: 99, .failure(F.failure(.server)))) == [])
        #expect(machine.items == before.items)
    }

    // MARK: Editing

    @Test(
        "the quantity stepper moves one rung; a typed quantity is taken when a log accepts it",
        arguments: [
            (Review.Event.quantityIncreased(item: 1), 2.5),
            (.quantityDecreased(item: 1), 1.5),
            (.quantityEntered(item: 1, 3.2), 3.2),
            (.quantityEntered(item: 1, 0), 2),
            (.quantityEntered(item: 1, -1), 2),
            (.quantityEntered(item: 1, .nan), 2),
            (.quantityEntered(item: 1, .infinity), 2),
            (.quantityEntered(item: 1, 10_000), 10_000),
            (.quantityEntered(item: 1, 10_000.5), 2),
            // An item that is not in the meal.
            (.quantityIncreased(item: 9), 2),
        ])
    func quantity(event: Review.Event, expected: Double) {
        var machine = editingBreakfast()
        #expect(machine.handle(event) == [])
        #expect(machine.items[0].quantity == expected)
    }

    @Test("the nutrition summary follows every edit, by the SDK's portion arithmetic")
    func summary() throws {
        var machine = editingBreakfast()
        func calories() -> Double? { machine.totals.calories?.value }
        // 2 large eggs and 1 medium banana.
        #expect(calories() == 2.0 * 78 + 105)
        _ = machine.handle(.quantityIncreased(item: 1))
        #expect(calories() == 2.5 * 78 + 105)
        _ = machine.handle(.servingSelected(item: 2, "5002"))
        let cup = try #require(try F.banana.portion(servingID: "5002", quantity: 1).nutrients?.calories?.value)
        #expect(calories() == 2.5 * 78 + cup)
        _ = machine.handle(.removeTapped(item: 1))
        #expect(calories() == cup)
        #expect(machine.totalsAreComplete)
    }

    @Test("a serving is chosen from the catalogue food's servings, never another food's or before they are known")
    func serving() {
        var machine = editingBreakfast()
        #expect(machine.items[1].servingChoices.map(\.id) == ["5001", "5002", "5003"])
        _ = machine.handle(.servingSelected(item: 2, "5006"))
        #expect(machine.items[1].servingID == "5001")
        _ = machine.handle(.servingSelected(item: 2, "5003"))
        #expect(machine.items[1].servingID == "5003")
        // The quantity stays: 1 × 100 g.
        #expect(machine.items[1].entry == FoodLogInputFood(foodID: "1001", servingID: "5003", quantity: 1))

        var loading = review([.appeared]).0
        _ = loading.handle(.foodFetched(attempt: 1, .success(F.egg)))
        #expect(loading.handle(.servingSelected(item: 2, "5002")) == [])
        #expect(loading.items[1].servingID == "5001")
    }

    @Test("a detection's own nutrients stand while it is as detected; an edit without the catalogue makes them unknown")
    func detectedNutrients() {
        var machine = review([
            .appeared, .foodFetched(attempt: 1, .failure(F.failure(.server))),
            .foodFetched(attempt: 2, .success(F.banana)),
        ]).0
        #expect(machine.items[0].nutrients?.calories?.value == 156)
        _ = machine.handle(.quantityIncreased(item: 1))
        #expect(machine.items[0].nutrients == nil)
        #expect(!machine.totalsAreComplete)
        #expect(machine.totals.calories?.value == 105)
        _ = machine.handle(.quantityDecreased(item: 1))
        #expect(machine.items[0].nutrients?.calories?.value == 156)
    }

    @Test("a detection in a serving the catalogue no longer lists keeps it, offered first, with its own nutrients")
    func unlistedServing() {
        let scan = FoodScan(detections: [F.detected(F.banana, F.cup, quantity: 1, calories: 140)])
        let withoutCup = Food(
            id: "1001", name: "banana", nutrients: F.banana.nutrients, servings: [F.medium, F.hundredGrams])
        var machine = review(.scan(scan), [.appeared, .foodFetched(attempt: 1, .success(withoutCup))]).0
        #expect(machine.items[0].servingChoices.map(\.id) == ["5002", "5001", "5003"])
        #expect(machine.items[0].nutrients?.calories?.value == 140)
        _ = machine.handle(.servingSelected(item: 1, "5001"))
        #expect(machine.items[0].nutrients?.calories?.value == 105)
    }

    @Test("removing a food takes it out of the log and says so to VoiceOver")
    func remove() {
        var machine = editingBreakfast()
        #expect(machine.handle(.removeTapped(item: 1)) == [.announce(.removed(name: "egg"))])
        #expect(machine.request.foods == [F.breakfast.loggableFoods[1]])
        #expect(machine.handle(.removeTapped(item: 1)) == [])
        _ = machine.handle(.removeTapped(item: 2))
        #expect(machine.items.isEmpty)
        #expect(!machine.nothingRecognised)
        #expect(!machine.canLog)
    }

    @Test("removing a food whose servings are loading cancels that fetch, unless another item waits for it")
    func removeWhileLoading() {
        let scan = FoodScan(detections: [
            F.detected(F.egg, F.large, quantity: 2), F.detected(F.egg, F.eggGrams, quantity: 1),
        ])
        var machine = review(.scan(scan), [.appeared]).0
        _ = machine.handle(.foodFetched(attempt: 1, .success(F.egg)))
        _ = machine.handle(.addFoodTapped)
        _ = machine.handle(.searchQueryChanged("banana"))
        _ = machine.handle(.searchSubmitted)
        _ = machine.handle(.searchFinished(attempt: 2, .success([F.banana])))
        #expect(machine.handle(.searchResultPicked(0)).first == .fetchFood("1001", attempt: 3))
        #expect(
            machine.handle(.removeTapped(item: 3)) == [.cancelWork(attempt: 3), .announce(.removed(name: "banana"))])
    }

    @Test("the name and time are the log's; a blank name is none, a name over 256 characters stops the log")
    func nameAndTime() {
        var machine = editingBreakfast()
        let noon = Date(timeIntervalSince1970: 1_750_000_000)
        _ = machine.handle(.timeChanged(noon))
        _ = machine.handle(.nameChanged("  Lunch \n"))
        #expect(machine.request.eatenAt == noon)
        #expect(machine.request.name == "Lunch")
        _ = machine.handle(.nameChanged("   "))
        #expect(machine.request.name == nil)
        _ = machine.handle(.timeChanged(nil))
        #expect(machine.request.eatenAt == nil)
        _ = machine.handle(.nameChanged(String(repeating: "é", count: 256)))
        #expect(machine.canLog)
        _ = machine.handle(.nameChanged(String(repeating: "é", count: 257)))
        #expect(machine.nameIsTooLong)
        #expect(!machine.canLog)
        #expect(machine.handle(.logTapped) == [])
    }

    @Test("the partner's time is the log's until the user changes it")
    func partnerTime() {
        let taken = Date(timeIntervalSince1970: 1_750_000_000)
        let machine = review(eatenAt: taken, [.appeared]).0
        #expect(machine.request.eatenAt == taken)
    }

    @Test("edits are refused outside the meal's screen", arguments: [0, 1])
    func editsOutsideEditing(state: Int) {
        // Loading, or logging.
        var machine = state == 0 ? review([.appeared]).0 : editingBreakfast()
        if state == 1 {
            _ = machine.handle(.logTapped)
        }
        let before = machine
        for event: Review.Event in [
            .quantityIncreased(item: 1), .quantityDecreased(item: 1), .quantityEntered(item: 1, 3),
            .servingSelected(item: 2, "5002"), .removeTapped(item: 1), .nameChanged("x"), .timeChanged(Date()),
            .addFoodTapped, .replaceTapped(item: 1), .retryDetailsTapped,
        ] {
            #expect(machine.handle(event) == [])
        }
        #expect(machine.items == before.items)
        #expect(machine.name == before.name)
        #expect(machine.phase == before.phase)
    }

    // MARK: Search

    @Test("adding a food: search, pick, and its servings are fetched")
    func addFromSearch() {
        var machine = editingBreakfast()
        #expect(machine.handle(.addFoodTapped) == [])
        #expect(machine.phase == .searching(Review.Search(target: .add)))
        // A blank query sends nothing.
        #expect(machine.handle(.searchSubmitted) == [])
        _ = machine.handle(.searchQueryChanged("  egg "))
        #expect(machine.handle(.searchSubmitted) == [.search(SearchFoodsRequest(query: "egg"), attempt: 3)])
        // A second submit replaces the search in flight.
        #expect(
            machine.handle(.searchSubmitted) == [
                .cancelWork(attempt: 3), .search(SearchFoodsRequest(query: "egg"), attempt: 4),
            ])
        #expect(machine.handle(.searchFinished(attempt: 3, .success([F.banana]))) == [])
        let noServing = Food(id: "1099", name: "mystery")
        _ = machine.handle(.searchFinished(attempt: 4, .success([noServing, F.eggFromSearch])))
        // A food listing no serving cannot be logged, and is not offered.
        #expect(
            machine.phase
                == .searching(Review.Search(target: .add, query: "  egg ", status: .results([F.eggFromSearch]))))
        #expect(machine.handle(.searchResultPicked(1)) == [])
        #expect(
            machine.handle(.searchResultPicked(0)) == [.fetchFood("1003", attempt: 5), .announce(.added(name: "egg"))])
        #expect(machine.phase == .editing)
        #expect(machine.items.map(\.id) == [1, 2, 3])
        #expect(machine.items[2].entry == FoodLogInputFood(foodID: "1003", servingID: "5006", quantity: 1))
        // Before its servings arrive, only the search's default serving is known: nutrients, but no choice.
        #expect(machine.items[2].nutrients?.calories?.value == 78)
        #expect(!machine.items[2].canChangeServing)
        _ = machine.handle(.foodFetched(attempt: 5, .success(F.egg)))
        #expect(machine.items[2].canChangeServing)
    }

    @Test("replacing a food puts the pick in its place and cancels nothing else")
    func replaceFromSearch() {
        var machine = editingBreakfast()
        _ = machine.handle(.replaceTapped(item: 2))
        #expect(machine.phase == .searching(Review.Search(target: .replace(item: 2))))
        _ = machine.handle(.searchQueryChanged("egg"))
        _ = machine.handle(.searchSubmitted)
        _ = machine.handle(.searchFinished(attempt: 3, .success([F.eggFromSearch])))
        _ = machine.handle(.searchResultPicked(0))
        #expect(machine.items.map(\.foodID) == ["1003", "1003"])
        #expect(machine.items.map(\.id) == [1, 3])
        #expect(machine.items[1].quantity == 1)
    }

    @Test("closing the search goes back to the meal unchanged and cancels a search in flight")
    func closeSearch() {
        var machine = editingBreakfast()
        _ = machine.handle(.addFoodTapped)
        #expect(machine.handle(.searchClosed) == [])
        #expect(machine.phase == .editing)
        _ = machine.handle(.replaceTapped(item: 1))
        _ = machine.handle(.searchQueryChanged("egg"))
        _ = machine.handle(.searchSubmitted)
        #expect(machine.handle(.searchClosed) == [.cancelWork(attempt: 3)])
        #expect(machine.items == editingBreakfast().items)
        #expect(machine.handle(.searchFinished(attempt: 3, .success([F.egg]))) == [])
    }

    @Test(
        "a failed search shows January's sentence and can be searched again",
        arguments: [F.failure(.network, .notConnectedToInternet), F.failure(.rateLimited, .creditLimitExceeded)])
    func searchFailure(error: JanuaryError) {
        var machine = editingBreakfast()
        _ = machine.handle(.addFoodTapped)
        _ = machine.handle(.searchQueryChanged("egg"))
        _ = machine.handle(.searchSubmitted)
        _ = machine.handle(.searchFinished(attempt: 3, .failure(error)))
        #expect(
            machine.phase
                == .searching(Review.Search(target: .add, query: "egg", status: .failed(Review.Failure(error)))))
        #expect(machine.handle(.searchSubmitted) == [.search(SearchFoodsRequest(query: "egg"), attempt: 4)])
    }

    @Test("a meal holds at most 100 foods: the 101st cannot be added")
    func maximumFoods() {
        let scan = FoodScan(detections: Array(repeating: F.detected(F.egg, F.large, quantity: 1), count: 100))
        var machine = review(.scan(scan), [.appeared, .foodFetched(attempt: 1, .success(F.egg))]).0
        #expect(machine.items.count == 100)
        #expect(machine.canLog)
        #expect(!machine.canAddFood)
        #expect(machine.handle(.addFoodTapped) == [])
        _ = machine.handle(.removeTapped(item: 1))
        #expect(machine.canAddFood)
    }

    @Test("nothing recognised: a food added from the search makes a meal to log")
    func addAfterNothing() {
        var machine = review(.scan(FoodScan(detections: [])), [.appeared]).0
        _ = machine.handle(.addFoodTapped)
        _ = machine.handle(.searchQueryChanged("banana"))
        _ = machine.handle(.searchSubmitted)
        _ = machine.handle(.searchFinished(attempt: 1, .success([F.banana])))
        _ = machine.handle(.searchResultPicked(0))
        #expect(!machine.nothingRecognised)
        #expect(machine.canLog)
    }
}
