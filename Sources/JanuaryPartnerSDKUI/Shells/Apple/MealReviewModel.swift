#if os(iOS) && canImport(UIKit)
import Combine
import Foundation
import JanuaryCore
import JanuaryPartnerSDK

/// The main-actor shell around ``MealReviewStateMachine``: it feeds the machine the view's events and the results
/// of its work, and carries out the actions it returns. It holds no decision of its own, and logs nothing (no food,
/// name or time leaves it except to January, the logger and the app's callbacks).
@MainActor
final class MealReviewModel: ObservableObject {
    @Published private(set) var machine: MealReviewStateMachine

    private let client: JanuaryPartnerClient
    private let logger: MealLogger
    private let onLogged: @MainActor (LoggedMeal) -> Void
    private let onCancel: @MainActor (MealReviewCancellation) -> Void
    private var tasks: [Int: Task<Void, Never>] = [:]

    init(
        client: JanuaryPartnerClient, logger: MealLogger, input: MealReviewInput, name: String?, eatenAt: Date?,
        onLogged: @escaping @MainActor (LoggedMeal) -> Void,
        onCancel: @escaping @MainActor (MealReviewCancellation) -> Void
    ) {
        self.machine = MealReviewStateMachine(input: input, name: name, eatenAt: eatenAt)
        self.client = client
        self.logger = logger
        self.onLogged = onLogged
        self.onCancel = onCancel
    }

    func screen(locale: Locale) -> MealReviewScreen {
        MealReviewScreen(machine, locale: locale)
    }

    func tap(_ kind: MealReviewScreen.Button.Kind) {
        switch kind {
        case .log: send(.logTapped)
        case .cancel, .cancelLogging, .close, .closeUnconfirmed: send(.cancelTapped)
        case .retry, .retryLog: send(.retryTapped)
        case .edit: send(.editTapped)
        case .addFood: send(.addFoodTapped)
        case .retryDetails: send(.retryDetailsTapped)
        }
    }

    func send(_ event: MealReviewStateMachine.Event) {
        let actions = machine.handle(event)
        for action in actions {
            perform(action)
        }
    }

    private func perform(_ action: MealReviewStateMachine.Action) {
        let client = client
        let logger = logger
        switch action {
        case .analyse(let text, let attempt):
            run(attempt) { .analysisFinished(attempt: attempt, await MealReviewWork.analyse(text, with: client)) }
        case .fetchFood(let id, let attempt):
            run(attempt) { .foodFetched(attempt: attempt, await MealReviewWork.fetch(id, with: client)) }
        case .search(let request, let attempt):
            run(attempt) { .searchFinished(attempt: attempt, await MealReviewWork.search(request, with: client)) }
        case .log(let request, let attempt):
            run(attempt) { .logFinished(attempt: attempt, await MealReviewWork.log(request, with: logger)) }
        case .cancelWork(let attempt):
            tasks.removeValue(forKey: attempt)?.cancel()
        case .announce(let announcement):
            VoiceOverAnnouncement.post(MealReviewScreen.announcement(announcement).string)
        case .deliver(let meal):
            onLogged(meal)
        case .deliverCancellation(let cancellation):
            onCancel(cancellation)
        }
    }

    private func run(_ attempt: Int, _ work: @escaping @Sendable () async -> MealReviewStateMachine.Event) {
        tasks[attempt] = Task { [weak self] in
            let event = await work()
            self?.tasks.removeValue(forKey: attempt)
            self?.send(event)
        }
    }
}
#endif
