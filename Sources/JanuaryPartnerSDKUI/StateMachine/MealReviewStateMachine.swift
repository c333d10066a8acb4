import Foundation
import JanuaryCore
import JanuaryPartnerSDK

/// Everything the review sheet decides, as a value: it takes an event and returns the actions the shell must
/// perform, as ``MealScannerStateMachine`` does for the scanner. The views render ``phase``, ``items`` and the
/// meal's name and time, and carry out ``Action``s; every rule is tested on Linux.
///
/// The sheet opens on an input (a scan, a food, or a description to analyse first), fetches each detected food
/// from the catalogue for its servings, lets the user edit the meal, and logs it with one ``Action/log(_:attempt:)``
/// per "Log". Work in flight carries an attempt number; a result for an attempt nobody waits for is dropped.
struct MealReviewStateMachine: Sendable {
    /// Why work failed, as the screen explains it: the catalogue's sentence for the error, and what the error's
    /// `recovery` allows. The error itself is not kept: its message is for developers, and never shown.
    struct Failure: Sendable, Equatable {
        var sentence: MealScannerStringKey
        var recovery: JanuaryError.Recovery.Kind

        init(sentence: MealScannerStringKey, recovery: JanuaryError.Recovery.Kind) {
            self.sentence = sentence
            self.recovery = recovery
        }

        init(_ error: JanuaryError) {
            self.init(sentence: MealScannerStringKey.sentence(for: error), recovery: error.recovery.kind)
        }

        /// Whether sending the same work again may succeed: a passing fault, or a device that was offline. Never
        /// for a monthly limit, a write that may have taken effect, input January refused, a setup fault, a session
        /// to sign in again, or a kind added later.
        var canRetry: Bool {
            recovery == .retryLater || recovery == .retryWhenOnline
        }

        /// Whether nothing that needs January can succeed for now: a spent monthly allowance, or a session that
        /// needs signing in again.
        var blocksJanuary: Bool {
            recovery == .notUntilNextMonth || recovery == .signInAgain
        }

        /// Whether going back to the meal can help after a failed log: not when the meal may be stored already, nor
        /// when January is out of reach for now.
        var allowsEditing: Bool {
            recovery != .checkBeforeRepeating && !blocksJanuary
        }
    }

    /// What failed.
    enum Stage: Sendable, Equatable {
        /// Analysing the description.
        case analysis(String)
        /// Fetching the foods' servings: a failure here is a stage of its own only when it blocks January.
        case details
        /// Logging this request.
        case log(CreateFoodLogRequest)
    }

    /// The food search, over the meal: to add a food, or to replace one.
    struct Search: Sendable, Equatable {
        enum Target: Sendable, Equatable {
            case add
            case replace(item: Int)
        }

        enum Status: Sendable, Equatable {
            /// Nothing searched yet.
            case idle
            case searching(attempt: Int)
            /// The foods found that can be logged (those listing a serving), best match first.
            case results([Food])
            case failed(Failure)
        }

        var target: Target
        var query = ""
        var status = Status.idle
    }

    /// One state, one screen.
    enum Phase: Sendable, Equatable {
        /// Not yet appeared.
        case starting
        /// Waiting for `analyzeDescription`.
        case analysing(String)
        /// Fetching the detected foods from the catalogue, for their servings.
        case loading
        /// The meal, editable; empty when nothing was recognised or everything was removed.
        case editing
        /// The food search is open over the meal.
        case searching(Search)
        /// Waiting for the logger.
        case logging(CreateFoodLogRequest, attempt: Int)
        /// Work failed; ``Failure`` says what the screen offers.
        case failed(Failure, Stage)
        /// The meal was logged and delivered; the sheet is done.
        case logged
        /// The sheet was cancelled or dismissed, and said so; it is done.
        case cancelled
    }

    /// What happens.
    enum Event: Sendable {
        /// The sheet appeared; only the first time counts.
        case appeared
        /// The sheet was dismissed for good (by the app, or a navigation pop): a cancel.
        case dismissed
        case cancelTapped
        case analysisFinished(attempt: Int, Result<FoodScan, JanuaryError>)
        case foodFetched(attempt: Int, Result<Food, JanuaryError>)
        case quantityIncreased(item: Int)
        case quantityDecreased(item: Int)
        /// A quantity typed by the user.
        case quantityEntered(item: Int, Double)
        case servingSelected(item: Int, ServingID)
        case removeTapped(item: Int)
        case nameChanged(String)
        /// When the meal was eaten; `nil` for now (January's time when it receives the log).
        case timeChanged(Date?)
        /// Fetch again the foods whose servings could not be fetched.
        case retryDetailsTapped
        case addFoodTapped
        case replaceTapped(item: Int)
        case searchQueryChanged(String)
        case searchSubmitted
        case searchFinished(attempt: Int, Result<[Food], JanuaryError>)
        /// A food of the results, by its position.
        case searchResultPicked(Int)
        case searchClosed
        case logTapped
        case logFinished(attempt: Int, Result<FoodLog?, JanuaryError>)
        case retryTapped
        /// Back to the meal after a failed log.
        case editTapped
    }

    /// What VoiceOver says about a change the screen's title does not show.
    enum Announcement: Sendable, Equatable {
        case removed(name: String?)
        case added(name: String?)
    }

    /// What the shell must do, in order.
    enum Action: Sendable, Equatable {
        /// `foodAnalysis.analyzeDescription`; report ``Event/analysisFinished(attempt:_:)``.
        case analyse(String, attempt: Int)
        /// `foods.get(id:)`; report ``Event/foodFetched(attempt:_:)``.
        case fetchFood(FoodID, attempt: Int)
        /// `foods.search`; report ``Event/searchFinished(attempt:_:)``.
        case search(SearchFoodsRequest, attempt: Int)
        /// The logger (by default `user.foodLogs.create`); report ``Event/logFinished(attempt:_:)``.
        case log(CreateFoodLogRequest, attempt: Int)
        /// Cancel the task of an attempt.
        case cancelWork(attempt: Int)
        case announce(Announcement)
        /// Hand the logged meal to the app.
        case deliver(LoggedMeal)
        /// Tell the app the sheet ended without a confirmed log.
        case deliverCancellation(MealReviewCancellation)
    }

    /// How many foods one log holds at most (`CreateFoodLogRequest`: 1 to 100); `MealReviewWorkTests` checks the
    /// SDK refuses one more.
    static let maximumFoods = 100

    /// How long a meal's name may be, in Unicode scalars (`CreateFoodLogRequest`: at most 256 characters);
    /// `MealReviewWorkTests` checks the SDK refuses one more.
    static let maximumNameLength = 256

    let input: MealReviewInput
    private(set) var phase: Phase = .starting
    private(set) var items: [MealReviewItem] = []
    /// The meal's name as the user typed it.
    private(set) var name: String
    /// When the meal was eaten; `nil` for now.
    private(set) var eatenAt: Date?
    private(set) var attempt = 0
    /// Detections left out because January sent them without a serving or a quantity.
    private(set) var skippedDetections = 0
    /// Whether the analysis (or the food) gave nothing to log; cleared once a food is added.
    private(set) var nothingRecognised = false
    private var nextItemID = 1

    /// A sheet for `input`, with the partner's name and time for the meal, if any.
    init(input: MealReviewInput, name: String? = nil, eatenAt: Date? = nil) {
        self.input = input
        self.name = name ?? ""
        self.eatenAt = eatenAt
    }

    /// Whether the sheet is done (a logged meal or a cancellation was delivered); every later event is ignored.
    var isDone: Bool {
        phase == .logged || phase == .cancelled
    }

    /// The name the log gets: trimmed, `nil` when blank.
    var trimmedName: String? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Whether the name is longer than a log accepts.
    var nameIsTooLong: Bool {
        (trimmedName?.unicodeScalars.count ?? 0) > Self.maximumNameLength
    }

    /// What "Log" sends now.
    var request: CreateFoodLogRequest {
        CreateFoodLogRequest(foods: items.map(\.entry), eatenAt: eatenAt, name: trimmedName)
    }

    /// Whether "Log" can be tapped: the meal is shown, has from 1 to 100 foods, and its name fits.
    var canLog: Bool {
        phase == .editing && !items.isEmpty && items.count <= Self.maximumFoods && !nameIsTooLong
    }

    /// Whether a food can be added from the search.
    var canAddFood: Bool {
        phase == .editing && items.count < Self.maximumFoods
    }

    /// The meal's nutrients: the sum of the items' (`NutritionFacts.sum`), leaving out items whose nutrients are
    /// not known (``totalsAreComplete`` says so).
    var totals: NutritionFacts {
        NutritionFacts.sum(items.compactMap(\.nutrients))
    }

    /// Whether every item's nutrients are known.
    var totalsAreComplete: Bool {
        items.allSatisfy { $0.nutrients != nil }
    }

    /// The failure of the items whose servings could not be fetched, the first one's; `nil` when there is none.
    var detailsFailure: Failure? {
        for item in items {
            if case .unavailable(let failure) = item.details {
                return failure
            }
        }
        return nil
    }

    /// Whether fetching the missing servings again may help.
    var canRetryDetails: Bool {
        items.contains {
            if case .unavailable(let failure) = $0.details { failure.canRetry } else { false }
        }
    }

    /// Takes one event.
    ///
    /// - Returns: The actions to perform, in order; empty when the event changes nothing.
    mutating func handle(_ event: Event) -> [Action] {
        guard !isDone else {
            return []
        }
        switch event {
        case .appeared:
            guard phase == .starting else {
                return []
            }
            switch input.source {
            case .description(let text): return analyse(text)
            case .scan(let scan): return open(scan)
            case .food(let food): return open(food)
            }
        case .dismissed, .cancelTapped:
            return cancel()
        case .analysisFinished(let finished, let result):
            guard case .analysing(let text) = phase, finished == attempt else {
                return []
            }
            switch result {
            case .success(let scan):
                return open(scan)
            case .failure(let error):
                phase = .failed(Failure(error), .analysis(text))
                return []
            }
        case .foodFetched(let finished, let result):
            return fetched(finished, result)
        case .quantityIncreased(let id):
            return edit(id) { item in
                if let next = MealReviewQuantity.increased(item.quantity) {
                    item.quantity = next
                }
            }
        case .quantityDecreased(let id):
            return edit(id) { item in
                if let previous = MealReviewQuantity.decreased(item.quantity) {
                    item.quantity = previous
                }
            }
        case .quantityEntered(let id, let quantity):
            return edit(id) { item in
                var entry = item.entry
                entry.quantity = quantity
                // The SDK's own rule for a log's quantity: finite, above 0, at most 10 000.
                if (try? entry.validate()) != nil {
                    item.quantity = quantity
                }
            }
        case .servingSelected(let id, let serving):
            return edit(id) { item in
                if item.canChangeServing, item.servingChoices.contains(where: { $0.id == serving }) {
                    item.servingID = serving
                }
            }
        case .removeTapped(let id):
            return remove(id)
        case .nameChanged(let name):
            guard phase == .editing else {
                return []
            }
            self.name = name
            return []
        case .timeChanged(let time):
            guard phase == .editing else {
                return []
            }
            eatenAt = time
            return []
        case .retryDetailsTapped:
            return retryDetails()
        case .addFoodTapped:
            guard canAddFood else {
                return []
            }
            phase = .searching(Search(target: .add))
            return []
        case .replaceTapped(let id):
            guard phase == .editing, items.contains(where: { $0.id == id }) else {
                return []
            }
            phase = .searching(Search(target: .replace(item: id)))
            return []
        case .searchQueryChanged(let query):
            guard case .searching(var search) = phase else {
                return []
            }
            search.query = query
            phase = .searching(search)
            return []
        case .searchSubmitted:
            return submitSearch()
        case .searchFinished(let finished, let result):
            guard case .searching(var search) = phase, search.status == .searching(attempt: finished) else {
                return []
            }
            switch result {
            case .success(let foods):
                // A food listing no serving cannot be logged: it is not offered.
                search.status = .results(foods.filter { $0.defaultServing != nil })
            case .failure(let error):
                search.status = .failed(Failure(error))
            }
            phase = .searching(search)
            return []
        case .searchResultPicked(let index):
            return pick(index)
        case .searchClosed:
            guard case .searching(let search) = phase else {
                return []
            }
            phase = .editing
            if case .searching(let searching) = search.status {
                return [.cancelWork(attempt: searching)]
            }
            return []
        case .logTapped:
            guard canLog else {
                return []
            }
            return log(request)
        case .logFinished(let finished, let result):
            guard case .logging(let request, let logging) = phase, finished == logging else {
                return []
            }
            switch result {
            case .success(let log):
                phase = .logged
                return [.deliver(LoggedMeal(request: request, log: log))]
            case .failure(let error):
                phase = .failed(Failure(error), .log(request))
                return []
            }
        case .retryTapped:
            guard case .failed(let failure, let stage) = phase, failure.canRetry else {
                return []
            }
            switch stage {
            case .analysis(let text): return analyse(text)
            case .log(let request): return log(request)
            case .details: return []
            }
        case .editTapped:
            guard case .failed(let failure, .log) = phase, failure.allowsEditing else {
                return []
            }
            phase = .editing
            return []
        }
    }

    private mutating func analyse(_ text: String) -> [Action] {
        attempt += 1
        phase = .analysing(text)
        return [.analyse(text, attempt: attempt)]
    }

    /// Opens on an analysis: each usable detection becomes an item, and each distinct food is fetched once for its
    /// servings.
    private mutating func open(_ scan: FoodScan) -> [Action] {
        if name.isEmpty, let mealName = scan.mealName {
            name = mealName
        }
        var fetches: [FoodID: Int] = [:]
        var actions: [Action] = []
        for detection in scan.detections {
            guard var item = MealReviewItem(id: nextItemID, detected: detection.food, details: .complete) else {
                skippedDetections += 1
                continue
            }
            nextItemID += 1
            if let fetching = fetches[item.foodID] {
                item.details = .loading(attempt: fetching)
            } else {
                attempt += 1
                fetches[item.foodID] = attempt
                item.details = .loading(attempt: attempt)
                actions.append(.fetchFood(item.foodID, attempt: attempt))
            }
            items.append(item)
        }
        nothingRecognised = items.isEmpty
        phase = items.isEmpty ? .editing : .loading
        return actions
    }

    /// Opens on one food, taken as complete: a barcode's food comes from `foods.get(id:)` with all its servings.
    private mutating func open(_ food: Food) -> [Action] {
        if let item = MealReviewItem(id: nextItemID, food: food, details: .complete) {
            nextItemID += 1
            items = [item]
        }
        nothingRecognised = items.isEmpty
        phase = .editing
        return []
    }

    /// A catalogue food arrived, or could not be fetched, for the items waiting on `finished`.
    private mutating func fetched(_ finished: Int, _ result: Result<Food, JanuaryError>) -> [Action] {
        let waiting = items.indices.filter { items[$0].details == .loading(attempt: finished) }
        guard !waiting.isEmpty else {
            return []
        }
        for index in waiting {
            switch result {
            case .success(let food) where food.id == items[index].foodID:
                items[index].complete(with: food)
            case .success:
                // Another food than the one asked for: its servings and nutrients would be another food's.
                items[index].details = .unavailable(
                    Failure(JanuaryError(category: .decoding, message: "January answered with another food.")))
            case .failure(let error):
                items[index].details = .unavailable(Failure(error))
            }
        }
        guard phase == .loading, !items.contains(where: { if case .loading = $0.details { true } else { false } })
        else {
            return []
        }
        // Every fetch is over: a failure that leaves January out of reach (a monthly limit, a session to sign in
        // again) ends here, since the log would fail too; any other leaves those items as detected, with a notice.
        if let blocking = items.lazy.compactMap({ item -> Failure? in
            if case .unavailable(let failure) = item.details, failure.blocksJanuary { failure } else { nil }
        }).first {
            phase = .failed(blocking, .details)
        } else {
            phase = .editing
        }
        return []
    }

    /// Applies an edit to an item while the meal is shown; `change` leaves the item as it is when the edit is refused.
    private mutating func edit(_ id: Int, _ change: (inout MealReviewItem) -> Void) -> [Action] {
        guard phase == .editing, let index = items.firstIndex(where: { $0.id == id }) else {
            return []
        }
        change(&items[index])
        return []
    }

    private mutating func remove(_ id: Int) -> [Action] {
        guard phase == .editing, let index = items.firstIndex(where: { $0.id == id }) else {
            return []
        }
        let removed = items.remove(at: index)
        return cancelOrphanedFetch(of: removed) + [.announce(.removed(name: removed.name))]
    }

    /// Cancels the fetch an item that left the meal was waiting for, unless another item waits for it too.
    private func cancelOrphanedFetch(of item: MealReviewItem) -> [Action] {
        guard case .loading(let fetching) = item.details,
            !items.contains(where: { $0.details == .loading(attempt: fetching) })
        else {
            return []
        }
        return [.cancelWork(attempt: fetching)]
    }

    /// Fetches again, once per food, the servings of the items whose fetch failed in a way that may pass.
    private mutating func retryDetails() -> [Action] {
        guard phase == .editing else {
            return []
        }
        var fetches: [FoodID: Int] = [:]
        var actions: [Action] = []
        for index in items.indices {
            guard case .unavailable(let failure) = items[index].details, failure.canRetry else {
                continue
            }
            let foodID = items[index].foodID
            if fetches[foodID] == nil {
                attempt += 1
                fetches[foodID] = attempt
                actions.append(.fetchFood(foodID, attempt: attempt))
            }
            items[index].details = .loading(attempt: fetches[foodID] ?? attempt)
        }
        return actions
    }

    /// Searches for the query, if January would take it; a search in flight is replaced.
    private mutating func submitSearch() -> [Action] {
        guard case .searching(var search) = phase else {
            return []
        }
        let request = SearchFoodsRequest(query: search.query.trimmingCharacters(in: .whitespacesAndNewlines))
        guard (try? request.validate()) != nil else {
            return []
        }
        var actions: [Action] = []
        if case .searching(let previous) = search.status {
            actions.append(.cancelWork(attempt: previous))
        }
        attempt += 1
        search.status = .searching(attempt: attempt)
        phase = .searching(search)
        return actions + [.search(request, attempt: attempt)]
    }

    /// Adds the picked food, or puts it in place of the item being replaced, and fetches all its servings (a search
    /// result lists only its default one).
    private mutating func pick(_ index: Int) -> [Action] {
        guard case .searching(let search) = phase, case .results(let foods) = search.status,
            foods.indices.contains(index)
        else {
            return []
        }
        let food = foods[index]
        guard var item = MealReviewItem(id: nextItemID, food: food, details: .complete) else {
            return []
        }
        nextItemID += 1
        attempt += 1
        item.details = .loading(attempt: attempt)
        var actions: [Action] = []
        switch search.target {
        case .add:
            items.append(item)
        case .replace(let id):
            if let position = items.firstIndex(where: { $0.id == id }) {
                let replaced = items.remove(at: position)
                items.insert(item, at: position)
                actions += cancelOrphanedFetch(of: replaced)
            } else {
                items.append(item)
            }
        }
        nothingRecognised = false
        phase = .editing
        return actions + [.fetchFood(food.id, attempt: attempt), .announce(.added(name: item.name))]
    }

    private mutating func log(_ request: CreateFoodLogRequest) -> [Action] {
        attempt += 1
        phase = .logging(request, attempt: attempt)
        return [.log(request, attempt: attempt)]
    }

    /// Ends the sheet: work in flight is cancelled, and the app learns whether a log may have been stored (one in
    /// flight, or one that failed in a way that may have taken effect).
    private mutating func cancel() -> [Action] {
        var unconfirmed: CreateFoodLogRequest?
        switch phase {
        case .logging(let request, _):
            unconfirmed = request
        case .failed(let failure, .log(let request)) where failure.recovery == .checkBeforeRepeating:
            unconfirmed = request
        default:
            break
        }
        let cancels = inFlight.map { Action.cancelWork(attempt: $0) }
        phase = .cancelled
        return cancels + [.deliverCancellation(MealReviewCancellation(unconfirmedRequest: unconfirmed))]
    }

    /// The attempts whose work is in flight, in the order they began.
    var inFlight: [Int] {
        var attempts: Set<Int> = []
        switch phase {
        case .analysing: attempts.insert(attempt)
        case .logging(_, let logging): attempts.insert(logging)
        case .searching(let search):
            if case .searching(let searching) = search.status {
                attempts.insert(searching)
            }
        default: break
        }
        for item in items {
            if case .loading(let fetching) = item.details {
                attempts.insert(fetching)
            }
        }
        return attempts.sorted()
    }
}
