import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import Testing

@testable import JanuaryPartnerSDKUI

@Suite("Every state of the review sheet has its own screen, with the buttons that lead out of it", suiteTimeLimit())
struct MealReviewScreenTests {
    typealias F = ReviewFixtures
    typealias Kind = MealReviewScreen.Button.Kind

    static let posix = Locale(identifier: "en_US_POSIX")

    static func screen(_ machine: Review) -> MealReviewScreen {
        MealReviewScreen(machine, locale: posix)
    }

    @Test(
        "each state shows its title, message, progress and buttons",
        arguments: [
            (Review(input: .scan(F.breakfast)), MealReviewStringKey.loadingTitle, nil, true, [Kind.cancel]),
            (review(.description("soup"), [.appeared]).0, .analysingTitle, .analysingMessage, true, [.cancel]),
            (review([.appeared]).0, .loadingTitle, nil, true, [.cancel]),
            (editingBreakfast(), .editingTitle, nil, false, [.log, .cancel]),
            (
                review(.scan(FoodScan(detections: [])), [.appeared]).0, .nothingRecognisedTitle,
                .nothingRecognisedMessage, false, [.log, .cancel]
            ),
            (
                review(.food(F.banana), [.appeared, .removeTapped(item: 1)]).0, .editingTitle, .emptyMessage, false,
                [.log, .cancel]
            ),
            (review(.food(F.banana), [.appeared, .addFoodTapped]).0, .searchAddTitle, nil, false, []),
            (review(.food(F.banana), [.appeared, .replaceTapped(item: 1)]).0, .searchReplaceTitle, nil, false, []),
            (
                review(.food(F.banana), [.appeared, .logTapped]).0, .loggingTitle, .loggingMessage, true,
                [.cancelLogging]
            ),
            (
                review(.food(F.banana), [.appeared, .logTapped, .logFinished(attempt: 1, .success(nil))]).0,
                .loggedTitle, nil, false, []
            ),
            (review(.food(F.banana), [.appeared, .cancelTapped]).0, .cancelledTitle, nil, false, []),
        ] as [(Review, MealReviewStringKey, MealReviewStringKey?, Bool, [Kind])])
    func screens(
        machine: Review, title: MealReviewStringKey, message: MealReviewStringKey?, progress: Bool, buttons: [Kind]
    ) {
        let screen = Self.screen(machine)
        #expect(screen.title == .key(title))
        #expect(screen.message == message.map(MealReviewScreen.Text.key))
        #expect(screen.showsProgress == progress)
        #expect(screen.buttons.map(\.kind) == buttons)
        #expect((screen.form != nil) == (machine.phase == .editing))
    }

    @Test(
        "a failure's screen: its title and message come from the stage and the recovery, January's words from the catalogue",
        arguments: [
            (
                Review.Failure(F.failure(.server)), Review.Stage.analysis("soup"),
                MealReviewStringKey.analysisFailedTitle, MealReviewScreen.Text.sentence(.errorServer),
                [Kind.retry, .cancel]
            ),
            (
                Review.Failure(F.failure(.network, .notConnectedToInternet)), .analysis("soup"), .offlineTitle,
                .key(.offlineMessage), [.retry, .cancel]
            ),
            (
                Review.Failure(F.failure(.invalidInput)), .analysis("soup"), .analysisFailedTitle,
                .sentence(.errorInvalidInput), [.cancel]
            ),
            (
                Review.Failure(F.failure(.rateLimited, .creditLimitExceeded)), .details, .monthlyLimitTitle,
                .sentence(.errorMonthlyLimit), [.close]
            ),
            (
                Review.Failure(F.failure(.authentication, .tokenRevoked)), .details, .detailsFailedTitle,
                .sentence(.errorAuthentication), [.close]
            ),
            (
                Review.Failure(F.failure(.server)), .log(CreateFoodLogRequest(foods: [])), .logFailedTitle,
                .sentence(.errorServer), [.retryLog, .edit, .cancel]
            ),
            (
                Review.Failure(F.failure(.network, .notConnectedToInternet)), .log(CreateFoodLogRequest(foods: [])),
                .offlineTitle, .key(.offlineLogMessage), [.retryLog, .edit, .cancel]
            ),
            (
                Review.Failure(F.failure(.rateLimited, .requestLimitExceeded)), .log(CreateFoodLogRequest(foods: [])),
                .monthlyLimitTitle, .sentence(.errorMonthlyLimit), [.close]
            ),
            // The sentence of a timeout says "Please try again": for a log that may be stored, it is not shown.
            (
                Review.Failure(F.failure(.timeout, effect: true)), .log(CreateFoodLogRequest(foods: [])),
                .unconfirmedTitle, .key(.unconfirmedMessage), [.closeUnconfirmed]
            ),
        ] as [(Review.Failure, Review.Stage, MealReviewStringKey, MealReviewScreen.Text, [Kind])])
    func failures(
        failure: Review.Failure, stage: Review.Stage, title: MealReviewStringKey, message: MealReviewScreen.Text,
        buttons: [Kind]
    ) {
        var machine: Review
        switch stage {
        case .analysis:
            machine = review(.description("soup"), [.appeared]).0
            _ = machine.handle(
                .analysisFinished(attempt: 1, .failure(Self.error(for: failure))))
        case .details:
            machine = review([.appeared, .foodFetched(attempt: 1, .failure(Self.error(for: failure)))]).0
            _ = machine.handle(.foodFetched(attempt: 2, .success(F.banana)))
        case .log:
            machine = editingBreakfast()
            _ = machine.handle(.logTapped)
            _ = machine.handle(.logFinished(attempt: 3, .failure(Self.error(for: failure))))
        }
        let screen = Self.screen(machine)
        #expect(screen.title == .key(title))
        #expect(screen.message == message)
        #expect(screen.buttons.map(\.kind) == buttons)
    }

    /// An error with the failure's recovery and sentence (the tables name the failure, the machine takes errors).
    static func error(for failure: Review.Failure) -> JanuaryError {
        let candidates = [
            F.failure(.server), F.failure(.network, .notConnectedToInternet), F.failure(.invalidInput),
            F.failure(.rateLimited, .creditLimitExceeded), F.failure(.rateLimited, .requestLimitExceeded),
            F.failure(.authentication, .tokenRevoked), F.failure(.timeout, effect: true),
        ]
        return candidates.first { Review.Failure($0) == failure }!
    }

    @Test("January's developer message never reaches the screen")
    func noDeveloperMessage() {
        var machine = editingBreakfast()
        _ = machine.handle(.logTapped)
        let error = JanuaryError(category: .server, code: .internalError, message: "stack trace sk-secret")
        _ = machine.handle(.logFinished(attempt: 3, .failure(error)))
        let screen = Self.screen(machine)
        #expect(screen.message?.string == error.localizedDescription)
        #expect(!screen.announcement.map(\.string).joined().contains("sk-secret"))
    }

    @Test("each food's row: name, portion, calories and what can be changed")
    func rows() {
        var machine = editingBreakfast()
        _ = machine.handle(.servingSelected(item: 2, "5002"))
        _ = machine.handle(.quantityEntered(item: 2, 1.5))
        let rows = Self.screen(machine).form?.rows ?? []
        #expect(rows.map(\.id) == [1, 2])
        #expect(rows.map(\.name.string) == ["egg", "banana"])
        #expect(rows.map(\.portion.string) == ["2 × 1 large (50 g)", "1.5 × 1 cup, sliced (150 g)"])
        // 1.5 cups of banana: 1.27 default servings each, by the SDK's portion.
        #expect(rows.map(\.calories.string) == ["156 kcal", "200 kcal"])
        #expect(rows[1].servings.map(\.label.string) == ["1 medium (118 g)", "1 cup, sliced (150 g)", "100 g"])
        #expect(rows.allSatisfy { $0.canChangeServing && $0.canIncrease && $0.canDecrease })
        #expect(rows[1].accessibilityLabel.map(\.string) == ["banana", "1.5 × 1 cup, sliced (150 g)", "200 kcal"])
    }

    @Test("a row says when its servings are loading or unavailable, and its calories when they are not known")
    func rowStatus() {
        var machine = review([
            .appeared, .foodFetched(attempt: 1, .failure(F.failure(.server))),
            .foodFetched(attempt: 2, .success(F.banana)),
        ]).0
        _ = machine.handle(.quantityIncreased(item: 1))
        let form = Self.screen(machine).form
        #expect(form?.rows.first?.status == .key(.itemUnavailable))
        #expect(form?.rows.first?.calories == .key(.nutrientUnknown))
        #expect(form?.rows.first?.canChangeServing == false)
        #expect(form?.nutritionNote == .key(.nutritionIncomplete))
        #expect(form?.notices == [.key(.detailsUnavailableMessage), .sentence(.errorServer)])
        #expect(form?.noticeButtons.map(\.kind) == [.retryDetails])
    }

    @Test("the notices: detections left out, and no retry for servings a retry cannot fetch")
    func notices() {
        let scan = FoodScan(detections: [
            F.detected(F.egg, F.large, quantity: 1),
            FoodDetection(food: DetectedFood(id: "1001", quantity: nil, serving: nil)),
        ])
        let machine = review(
            .scan(scan), [.appeared, .foodFetched(attempt: 1, .failure(F.failure(.notFound, .notFound)))]
        ).0
        let form = Self.screen(machine).form
        #expect(form?.notices == [.key(.skippedMessage), .key(.detailsUnavailableMessage), .sentence(.errorNotFound)])
        #expect(form?.noticeButtons == [])
    }

    @Test("the nutrition summary: calories, protein, carbohydrates, fat and fibre, with a dash for what is not known")
    func summary() {
        let form = Self.screen(editingBreakfast()).form
        #expect(form?.nutrients.map(\.label) == [.calories, .protein, .carbohydrates, .fat, .fiber])
        #expect(form?.nutrients.map(\.value.string) == ["261 kcal", "13.9 g", "27 g", "11 g", "–"])
        #expect(form?.nutritionNote == nil)
    }

    @Test("Log is shown but disabled while the meal cannot be logged; Add a food at 100 foods")
    func disabledButtons() {
        var machine = editingBreakfast()
        #expect(Self.screen(machine).buttons.first { $0.kind == .log }?.isEnabled == true)
        _ = machine.handle(.nameChanged(String(repeating: "x", count: 300)))
        let screen = Self.screen(machine)
        #expect(screen.buttons.first { $0.kind == .log }?.isEnabled == false)
        #expect(screen.form?.nameError == .key(.nameTooLong))
        let full = FoodScan(detections: Array(repeating: F.detected(F.egg, F.large, quantity: 1), count: 100))
        let fullMachine = review(.scan(full), [.appeared, .foodFetched(attempt: 1, .success(F.egg))]).0
        #expect(Self.screen(fullMachine).form?.addFood.isEnabled == false)
    }

    @Test("the search panel: progress, results with their default serving and calories, nothing found, a failure")
    func searchPanel() {
        var machine = review(.food(F.banana), [.appeared, .addFoodTapped, .searchQueryChanged("egg")])
        #expect(
            Self.screen(machine.0).search
                == MealReviewScreen.SearchPanel(query: "egg", results: [], message: nil, showsProgress: false))
        _ = machine.0.handle(.searchSubmitted)
        #expect(Self.screen(machine.0).search?.showsProgress == true)
        var found = machine.0
        _ = found.handle(.searchFinished(attempt: 1, .success([F.eggFromSearch])))
        let result = Self.screen(found).search?.results.first
        #expect(result?.name.string == "egg")
        #expect(result?.detail.string == "1 large (50 g), 78 kcal")
        #expect(result?.hint == .hintPickToAdd)
        var none = machine.0
        _ = none.handle(.searchFinished(attempt: 1, .success([])))
        #expect(Self.screen(none).search?.message == .key(.searchNoResults))
        _ = machine.0.handle(.searchFinished(attempt: 1, .failure(F.failure(.network, .notConnectedToInternet))))
        #expect(
            Self.screen(machine.0).search?.message?.string == "The search failed. "
                + JanuaryError(category: .network, code: .notConnectedToInternet, message: "").localizedDescription)
    }

    @Test(
        "VoiceOver hears which food was removed or added",
        arguments: [
            (Review.Announcement.removed(name: "egg"), "Removed egg"), (.removed(name: nil), "Removed a food"),
            (.added(name: "banana"), "Added banana"), (.added(name: nil), "Added a food"),
        ])
    func announcements(announcement: Review.Announcement, spoken: String) {
        #expect(MealReviewScreen.announcement(announcement).string == spoken)
    }

    @Test("every button has a label and a VoiceOver hint of its own")
    func buttonHints() {
        let buttons = Kind.allCases.map(MealReviewScreen.button)
        #expect(Set(buttons.map(\.hint)).count == Kind.allCases.count)
        for button in buttons {
            #expect(!button.label.localized.isEmpty)
            #expect(button.hint.localized != button.hint.rawValue)
        }
    }
}
