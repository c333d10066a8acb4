import Foundation
import JanuaryPartnerSDK

/// What one state of the review sheet shows: a title, a message, progress, the buttons, and, while the meal is
/// edited, its form (each food's row, the name and time, the nutrition summary) or the food search. Computed from
/// the state machine, so every word and every button is chosen (and tested) on Linux; the views only draw it.
struct MealReviewScreen: Sendable, Equatable {
    /// A text: a key of the catalogue, one of January's error sentences, a value from January shown as it is (a
    /// food's name), or a catalogue format filled with other texts.
    indirect enum Text: Sendable, Equatable {
        case key(MealReviewStringKey)
        case sentence(MealScannerStringKey)
        case verbatim(String)
        case format(MealReviewStringKey, [Text])

        var string: String {
            switch self {
            case .key(let key): return key.localized
            case .sentence(let key): return key.localized
            case .verbatim(let text): return text
            case .format(let key, let arguments):
                return String(format: key.localized, arguments: arguments.map { $0.string as any CVarArg })
            }
        }
    }

    /// A button: what it says, what VoiceOver adds, and whether it can be tapped now; the shell maps its kind to an
    /// event.
    struct Button: Sendable, Equatable {
        enum Kind: Sendable, Equatable, CaseIterable {
            case log, cancel, cancelLogging, close, closeUnconfirmed, retry, retryLog, edit, addFood, retryDetails
        }

        var kind: Kind
        var label: MealReviewStringKey
        var hint: MealReviewStringKey
        var isEnabled = true
    }

    /// One food of the meal.
    struct Row: Sendable, Equatable, Identifiable {
        var id: Int
        var name: Text
        var brand: Text?
        /// "1.5 × 1 cup (150 g)".
        var portion: Text
        var quantity: Text
        var serving: Text
        var calories: Text
        /// Why the serving cannot be changed yet, or at all.
        var status: Text?
        var servings: [ServingChoice]
        var canChangeServing: Bool
        var canIncrease: Bool
        var canDecrease: Bool

        /// What VoiceOver reads for the row: name, brand, portion, calories and status, in that order.
        var accessibilityLabel: [Text] {
            [name] + (brand.map { [$0] } ?? []) + [portion, calories] + (status.map { [$0] } ?? [])
        }
    }

    /// A serving the picker offers.
    struct ServingChoice: Sendable, Equatable, Identifiable {
        var id: ServingID
        var label: Text
    }

    /// One line of the nutrition summary.
    struct Nutrient: Sendable, Equatable {
        var label: MealReviewStringKey
        var value: Text
    }

    /// The meal, while it is edited.
    struct Form: Sendable, Equatable {
        var rows: [Row]
        /// The name as typed.
        var name: String
        var nameError: Text?
        /// `nil`: now.
        var eatenAt: Date?
        var nutrients: [Nutrient]
        var nutritionNote: Text?
        /// Notices above the foods: detections left out, servings that could not be fetched.
        var notices: [Text]
        var noticeButtons: [Button]
        var addFood: Button
    }

    /// One food the search found.
    struct SearchResult: Sendable, Equatable, Identifiable {
        /// Its position in the results, which ``MealReviewStateMachine/Event/searchResultPicked(_:)`` takes.
        var id: Int
        var name: Text
        var brand: Text?
        var detail: Text
        var hint: MealReviewStringKey
    }

    /// The food search.
    struct SearchPanel: Sendable, Equatable {
        var query: String
        var results: [SearchResult]
        var message: Text?
        var showsProgress: Bool
    }

    var title: Text
    var message: Text?
    var showsProgress: Bool
    var buttons: [Button]
    var form: Form?
    var search: SearchPanel?

    /// What VoiceOver announces when this screen replaces another: its title, then its message.
    var announcement: [Text] {
        [title] + (message.map { [$0] } ?? [])
    }

    static func button(_ kind: Button.Kind) -> Button {
        switch kind {
        case .log: return Button(kind: kind, label: .buttonLog, hint: .hintLog)
        case .cancel: return Button(kind: kind, label: .buttonCancel, hint: .hintCancel)
        case .cancelLogging: return Button(kind: kind, label: .buttonCancel, hint: .hintCancelLogging)
        case .close: return Button(kind: kind, label: .buttonClose, hint: .hintClose)
        case .closeUnconfirmed: return Button(kind: kind, label: .buttonClose, hint: .hintCloseUnconfirmed)
        case .retry: return Button(kind: kind, label: .buttonRetry, hint: .hintRetry)
        case .retryLog: return Button(kind: kind, label: .buttonRetry, hint: .hintRetryLog)
        case .edit: return Button(kind: kind, label: .buttonEdit, hint: .hintEdit)
        case .addFood: return Button(kind: kind, label: .buttonAddFood, hint: .hintAddFood)
        case .retryDetails: return Button(kind: kind, label: .buttonRetryDetails, hint: .hintRetryDetails)
        }
    }

    /// What VoiceOver says about a change the title does not show: a food removed, or added from the search.
    static func announcement(_ announcement: MealReviewStateMachine.Announcement) -> Text {
        switch announcement {
        case .removed(let name?): .format(.announceRemoved, [.verbatim(name)])
        case .removed(nil): .key(.announceRemovedUnnamed)
        case .added(let name?): .format(.announceAdded, [.verbatim(name)])
        case .added(nil): .key(.announceAddedUnnamed)
        }
    }

    /// The screen of a state, with numbers in `locale`.
    init(_ machine: MealReviewStateMachine, locale: Locale = .current) {
        let format = MealReviewFormat(locale: locale)
        message = nil
        showsProgress = false
        form = nil
        search = nil
        var buttons: [Button.Kind] = []
        switch machine.phase {
        case .starting, .loading:
            title = .key(.loadingTitle)
            showsProgress = true
            buttons = [.cancel]
        case .analysing:
            title = .key(.analysingTitle)
            message = .key(.analysingMessage)
            showsProgress = true
            buttons = [.cancel]
        case .editing:
            if machine.items.isEmpty {
                title = .key(machine.nothingRecognised ? .nothingRecognisedTitle : .editingTitle)
                message = .key(machine.nothingRecognised ? .nothingRecognisedMessage : .emptyMessage)
            } else {
                title = .key(.editingTitle)
            }
            form = Self.form(machine, format)
            buttons = [.log, .cancel]
        case .searching(let search):
            title = .key(search.target == .add ? .searchAddTitle : .searchReplaceTitle)
            // The panel has its own way back to the meal.
            self.search = Self.panel(search, format)
        case .logging:
            title = .key(.loggingTitle)
            message = .key(.loggingMessage)
            showsProgress = true
            buttons = [.cancelLogging]
        case .failed(let failure, let stage):
            (title, message, buttons) = Self.failed(failure, stage)
        case .logged:
            title = .key(.loggedTitle)
        case .cancelled:
            title = .key(.cancelledTitle)
        }
        self.buttons = buttons.map { kind in
            var button = Self.button(kind)
            button.isEnabled = kind != .log || machine.canLog
            return button
        }
    }

    /// A failure's title, message and buttons, from the error's recovery: "Try again" only when the same work may
    /// pass; never for a monthly limit, and never for a log that may have been stored.
    private static func failed(
        _ failure: MealReviewStateMachine.Failure, _ stage: MealReviewStateMachine.Stage
    ) -> (Text, Text?, [Button.Kind]) {
        let isLog: Bool
        if case .log = stage { isLog = true } else { isLog = false }
        switch failure.recovery {
        case .checkBeforeRepeating:
            return (.key(.unconfirmedTitle), .key(.unconfirmedMessage), [.closeUnconfirmed])
        case .notUntilNextMonth:
            return (.key(.monthlyLimitTitle), .sentence(failure.sentence), [.close])
        case .retryWhenOnline:
            let message: MealReviewStringKey = isLog ? .offlineLogMessage : .offlineMessage
            return (
                .key(.offlineTitle), .key(message), [isLog ? .retryLog : .retry] + (isLog ? [.edit] : []) + [.cancel]
            )
        default:
            let title: MealReviewStringKey
            switch stage {
            case .analysis: title = .analysisFailedTitle
            case .details: title = .detailsFailedTitle
            case .log: title = .logFailedTitle
            }
            var buttons: [Button.Kind] = []
            if failure.canRetry {
                buttons.append(isLog ? .retryLog : .retry)
            }
            if isLog && failure.allowsEditing {
                buttons.append(.edit)
            }
            buttons.append(failure.blocksJanuary ? .close : .cancel)
            return (.key(title), .sentence(failure.sentence), buttons)
        }
    }

    private static func form(_ machine: MealReviewStateMachine, _ format: MealReviewFormat) -> Form {
        let rows = machine.items.map { row($0, format) }
        var notices: [Text] = []
        var noticeButtons: [Button] = []
        if machine.skippedDetections > 0 {
            notices.append(.key(.skippedMessage))
        }
        if let failure = machine.detailsFailure {
            notices += [.key(.detailsUnavailableMessage), .sentence(failure.sentence)]
            if machine.canRetryDetails {
                noticeButtons.append(button(.retryDetails))
            }
        }
        let totals = machine.totals
        let summary: [(MealReviewStringKey, NutrientAmount?)] = [
            (.calories, totals.calories), (.protein, totals.protein), (.carbohydrates, totals.carbohydrates),
            (.fat, totals.totalFat), (.fiber, totals.fiber),
        ]
        var addFood = button(.addFood)
        addFood.isEnabled = machine.canAddFood
        return Form(
            rows: rows,
            name: machine.name,
            nameError: machine.nameIsTooLong ? .key(.nameTooLong) : nil,
            eatenAt: machine.eatenAt,
            nutrients: summary.map { Nutrient(label: $0.0, value: format.amount($0.1)) },
            nutritionNote: machine.items.isEmpty || machine.totalsAreComplete ? nil : .key(.nutritionIncomplete),
            notices: notices,
            noticeButtons: noticeButtons,
            addFood: addFood
        )
    }

    private static func row(_ item: MealReviewItem, _ format: MealReviewFormat) -> Row {
        let quantity = Text.verbatim(format.quantity(item.quantity))
        let serving = format.serving(item.currentServing)
        let status: Text?
        switch item.details {
        case .complete: status = nil
        case .loading: status = .key(.itemLoading)
        case .unavailable: status = .key(.itemUnavailable)
        }
        return Row(
            id: item.id,
            name: item.name.map(Text.verbatim) ?? .key(.unnamedFood),
            brand: item.brandName.map(Text.verbatim),
            portion: .format(.itemPortion, [quantity, serving]),
            quantity: quantity,
            serving: serving,
            calories: format.amount(item.nutrients?.calories),
            status: status,
            servings: item.servingChoices.map { ServingChoice(id: $0.id, label: format.serving($0)) },
            canChangeServing: item.canChangeServing,
            canIncrease: MealReviewQuantity.increased(item.quantity) != nil,
            canDecrease: MealReviewQuantity.decreased(item.quantity) != nil
        )
    }

    private static func panel(_ search: MealReviewStateMachine.Search, _ format: MealReviewFormat) -> SearchPanel {
        let hint: MealReviewStringKey = search.target == .add ? .hintPickToAdd : .hintPickToReplace
        var panel = SearchPanel(query: search.query, results: [], message: nil, showsProgress: false)
        switch search.status {
        case .idle:
            break
        case .searching:
            panel.showsProgress = true
            panel.message = .key(.searchingMessage)
        case .results(let foods):
            panel.message = foods.isEmpty ? .key(.searchNoResults) : nil
            panel.results = foods.enumerated().map { index, food in
                // The default serving's portion, by the SDK's arithmetic, for its calories.
                let portion = try? food.portion()
                let serving = food.defaultServing.map(format.serving) ?? .key(.servingUnnamed)
                return SearchResult(
                    id: index,
                    name: food.name.map(Text.verbatim) ?? .key(.unnamedFood),
                    brand: food.brandName.map(Text.verbatim),
                    detail: .format(.searchResult, [serving, format.amount(portion?.nutrients?.calories)]),
                    hint: hint
                )
            }
        case .failed(let failure):
            panel.message = .format(.searchFailed, [.sentence(failure.sentence)])
        }
        return panel
    }
}
