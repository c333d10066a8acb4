#if os(iOS) && canImport(SwiftUI) && canImport(UIKit)
import Foundation
import JanuaryPartnerSDK
import SwiftUI
import UIKit

/// A review sheet between a scan and a log, the same for every source: a meal photo's analysis, a barcode's food,
/// a voice transcript or typed text. It shows each food with its serving and quantity (a serving picker, a quantity
/// stepper), lets the user remove a food or replace it from a search, add one, name the meal and set its time, and
/// keeps a nutrition summary up to date as they edit. "Log" logs the meal once, however often it is tapped.
///
/// ```swift
/// import JanuaryPartnerSDKUI
/// import SwiftUI
///
/// struct ReviewScreen: View {
///     let user: JanuaryUserClient
///     let scan: FoodScan
///
///     var body: some View {
///         JanuaryMealReviewView(user: user, input: .scan(scan), onLogged: { _ in }, onCancel: { _ in })
///     }
/// }
/// ```
///
/// Every state has a screen: analysing a description, fetching the foods' servings, the meal (or nothing
/// recognised), the search, logging, and each failure with what its `JanuaryError.recovery` allows: "Try again"
/// only for a passing fault or being offline, never for a monthly limit or a log that may have been stored (that
/// one says to check the food log). Texts come from the module's `Localizable.strings` (English shipped), use
/// Dynamic Type text styles, and every control has its own VoiceOver label and hint; each new state is announced,
/// and so is a food removed or added. Nothing the user reviews is logged to the console or a file.
///
/// Present it full screen (`fullScreenCover`). In a sheet it cannot be swiped away while it is open, so that a
/// swipe never loses the user's edits; dismissing it from code is a cancel.
@MainActor
public struct JanuaryMealReviewView: View {
    @StateObject private var model: MealReviewModel
    @Environment(\.locale) private var locale

    /// Makes the review sheet.
    ///
    /// - Parameters:
    ///   - user: The user whose meal it is: the catalogue is searched and foods fetched through this user's client,
    ///     and the default logger logs to their food log.
    ///   - input: What to review: ``MealReviewInput/scan(_:)``, ``MealReviewInput/food(_:)``,
    ///     ``MealReviewInput/description(_:)``, or ``MealReviewInput/init(_:)`` of the scanner's result.
    ///   - name: The meal's name to start with, such as "Lunch"; by default the scan's meal name, if any.
    ///   - eatenAt: When the meal was eaten, such as when its photo was taken; by default "now", which January
    ///     dates by its own clock when it receives the log.
    ///   - logger: How to log; `nil` (the default) for ``MealLogger/foodLogs(of:)`` of `user`.
    ///   - onLogged: Called once, on the main actor, with what was logged.
    ///   - onCancel: Called once, on the main actor, when the sheet ends without a confirmed log: the user
    ///     cancelled or closed it, or it was dismissed. ``MealReviewCancellation/mayHaveBeenLogged`` says when the
    ///     meal may be stored nonetheless.
    public init(
        user: JanuaryUserClient,
        input: MealReviewInput,
        name: String? = nil,
        eatenAt: Date? = nil,
        logger: MealLogger? = nil,
        onLogged: @escaping @MainActor (LoggedMeal) -> Void,
        onCancel: @escaping @MainActor (MealReviewCancellation) -> Void
    ) {
        let model = MealReviewModel(
            client: user.client, logger: logger ?? .foodLogs(of: user), input: input, name: name, eatenAt: eatenAt,
            onLogged: onLogged, onCancel: onCancel)
        _model = StateObject(wrappedValue: model)
    }

    /// Makes the review sheet as a UIKit view controller, for apps without SwiftUI screens: present it, and dismiss
    /// it in `onLogged` and `onCancel`. It is presented full screen unless you change its `modalPresentationStyle`,
    /// and in a sheet it cannot be swiped away (`isModalInPresentation`).
    ///
    /// - Parameters: As ``init(user:input:name:eatenAt:logger:onLogged:onCancel:)``.
    /// - Returns: The sheet's view controller.
    public static func makeViewController(
        user: JanuaryUserClient,
        input: MealReviewInput,
        name: String? = nil,
        eatenAt: Date? = nil,
        logger: MealLogger? = nil,
        onLogged: @escaping @MainActor (LoggedMeal) -> Void,
        onCancel: @escaping @MainActor (MealReviewCancellation) -> Void
    ) -> UIViewController {
        let view = JanuaryMealReviewView(
            user: user, input: input, name: name, eatenAt: eatenAt, logger: logger, onLogged: onLogged,
            onCancel: onCancel)
        let controller = UIHostingController(rootView: view)
        controller.modalPresentationStyle = .fullScreen
        controller.isModalInPresentation = true
        return controller
    }

    /// The sheet's screen for its current state.
    public var body: some View {
        let screen = model.screen(locale: locale)
        NavigationView {
            content(screen)
                .navigationTitle(screen.title.string)
                .navigationBarTitleDisplayMode(.inline)
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) { toolbarButton(screen) }
                }
        }
        .navigationViewStyle(.stack)
        .interactiveDismissDisabled(!model.machine.isDone)
        .background(DismissalObserver { model.send(.dismissed) })
        .onAppear { model.send(.appeared) }
        .onChange(of: screen.announcement) { announcement in
            VoiceOverAnnouncement.post(announcement.map(\.string).joined(separator: "\n"))
        }
    }

    @ViewBuilder private func content(_ screen: MealReviewScreen) -> some View {
        if let search = screen.search {
            searchList(search)
        } else if let form = screen.form {
            formList(form, screen: screen)
        } else {
            ScrollView {
                panel(screen).padding()
            }
        }
    }

    /// Cancel beside the title while the meal is edited; Back while searching; elsewhere the panel has its buttons.
    @ViewBuilder private func toolbarButton(_ screen: MealReviewScreen) -> some View {
        if screen.search != nil {
            Button(MealReviewStringKey.buttonCloseSearch.localized) { model.send(.searchClosed) }
                .accessibilityHint(Text(MealReviewStringKey.hintCloseSearch.localized))
        } else if screen.form != nil, let cancel = screen.buttons.first(where: { $0.kind == .cancel }) {
            Button(cancel.label.localized) { model.tap(cancel.kind) }
                .accessibilityHint(Text(cancel.hint.localized))
        }
    }

    /// A state without a form: title, message, progress and buttons. Title, message and progress are separate
    /// VoiceOver elements, so the progress is announced as such.
    private func panel(_ screen: MealReviewScreen) -> some View {
        VStack(spacing: 12) {
            Text(screen.title.string)
                .font(.title2.weight(.semibold))
                .multilineTextAlignment(.center)
                .accessibilityAddTraits(.isHeader)
            if let message = screen.message {
                Text(message.string)
                    .font(.body)
                    .multilineTextAlignment(.center)
                    .fixedSize(horizontal: false, vertical: true)
            }
            if screen.showsProgress {
                ProgressView()
                    .accessibilityLabel(Text(screen.title.string))
            }
            ForEach(screen.buttons, id: \.kind) { button in
                actionButton(button)
            }
        }
    }

    private func actionButton(_ button: MealReviewScreen.Button) -> some View {
        Button {
            model.tap(button.kind)
        } label: {
            Text(button.label.localized)
                .font(.headline)
                .frame(maxWidth: .infinity, minHeight: 44)
        }
        .buttonStyle(.borderedProminent)
        .tint(Self.isWayOut(button.kind) ? .secondary : .accentColor)
        .disabled(!button.isEnabled)
        .accessibilityHint(Text(button.hint.localized))
    }

    private static func isWayOut(_ kind: MealReviewScreen.Button.Kind) -> Bool {
        [.cancel, .cancelLogging, .close, .closeUnconfirmed].contains(kind)
    }

    // MARK: The meal

    private func formList(_ form: MealReviewScreen.Form, screen: MealReviewScreen) -> some View {
        List {
            if screen.message != nil || !form.notices.isEmpty {
                Section {
                    if let message = screen.message {
                        Text(message.string)
                    }
                    ForEach(Array(form.notices.enumerated()), id: \.offset) { notice in
                        Text(notice.element.string).font(.callout)
                    }
                    ForEach(form.noticeButtons, id: \.kind) { button in
                        Button(button.label.localized) { model.tap(button.kind) }
                            .accessibilityHint(Text(button.hint.localized))
                    }
                }
            }
            Section(header: Text(MealReviewStringKey.foodsSection.localized)) {
                ForEach(form.rows) { row in
                    foodRow(row)
                }
                Button(form.addFood.label.localized) { model.tap(.addFood) }
                    .disabled(!form.addFood.isEnabled)
                    .accessibilityHint(Text(form.addFood.hint.localized))
            }
            Section(header: Text(MealReviewStringKey.mealSection.localized)) {
                nameField(form)
                timeRow(form)
            }
            Section(header: Text(MealReviewStringKey.nutritionSection.localized)) {
                ForEach(form.nutrients, id: \.label) { nutrient in
                    HStack {
                        Text(nutrient.label.localized)
                        Spacer()
                        Text(nutrient.value.string).monospacedDigit()
                    }
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(Text(nutrient.label.localized))
                    .accessibilityValue(Text(Self.spoken(nutrient.value)))
                }
                if let note = form.nutritionNote {
                    Text(note.string).font(.footnote).foregroundColor(.secondary)
                }
            }
        }
        .listStyle(.insetGrouped)
        .safeAreaInset(edge: .bottom) {
            if let log = screen.buttons.first(where: { $0.kind == .log }) {
                actionButton(log)
                    .padding()
                    .background(.regularMaterial)
            }
        }
    }

    /// A value as VoiceOver reads it: "Unknown" rather than a dash.
    private static func spoken(_ value: MealReviewScreen.Text) -> String {
        value == .key(.nutrientUnknown) ? MealReviewStringKey.nutrientUnknownSpoken.localized : value.string
    }

    private func foodRow(_ row: MealReviewScreen.Row) -> some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack(alignment: .firstTextBaseline) {
                VStack(alignment: .leading, spacing: 2) {
                    Text(row.name.string).font(.headline)
                    if let brand = row.brand {
                        Text(brand.string).font(.subheadline).foregroundColor(.secondary)
                    }
                }
                Spacer()
                Text(row.calories.string).font(.subheadline).monospacedDigit()
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(row.accessibilityLabel.map(\.string).joined(separator: ", ")))
            if let status = row.status {
                Text(status.string).font(.footnote).foregroundColor(.secondary)
            }
            if row.canChangeServing {
                Picker(
                    MealReviewStringKey.servingLabel.localized,
                    selection: Binding(
                        get: { model.machine.items.first { $0.id == row.id }?.servingID ?? row.servings[0].id },
                        set: { model.send(.servingSelected(item: row.id, $0)) })
                ) {
                    ForEach(row.servings) { choice in
                        Text(choice.label.string).tag(choice.id)
                    }
                }
                .pickerStyle(.menu)
                .accessibilityHint(Text(MealReviewStringKey.hintServing.localized))
            } else {
                Text(row.serving.string).font(.subheadline)
            }
            Stepper(
                onIncrement: row.canIncrease ? { model.send(.quantityIncreased(item: row.id)) } : nil,
                onDecrement: row.canDecrease ? { model.send(.quantityDecreased(item: row.id)) } : nil
            ) {
                Text(row.portion.string).font(.subheadline)
            }
            .accessibilityLabel(Text(MealReviewStringKey.quantityLabel.localized))
            .accessibilityValue(Text(row.portion.string))
            .accessibilityHint(Text(MealReviewStringKey.hintQuantity.localized))
            HStack {
                rowButton(.buttonReplace, hint: .hintReplace) { model.send(.replaceTapped(item: row.id)) }
                Spacer()
                rowButton(.buttonRemove, hint: .hintRemove, role: .destructive) {
                    model.send(.removeTapped(item: row.id))
                }
            }
        }
        .padding(.vertical, 4)
    }

    /// A button inside a row: borderless, so that a tap on one is not a tap on the whole row.
    private func rowButton(
        _ label: MealReviewStringKey, hint: MealReviewStringKey, role: ButtonRole? = nil,
        action: @escaping () -> Void
    ) -> some View {
        Button(role: role, action: action) {
            Text(label.localized).frame(minHeight: 44)
        }
        .buttonStyle(.borderless)
        .accessibilityHint(Text(hint.localized))
    }

    private func nameField(_ form: MealReviewScreen.Form) -> some View {
        VStack(alignment: .leading, spacing: 4) {
            TextField(
                MealReviewStringKey.namePlaceholder.localized,
                text: Binding(get: { model.machine.name }, set: { model.send(.nameChanged($0)) })
            )
            .accessibilityLabel(Text(MealReviewStringKey.nameLabel.localized))
            if let error = form.nameError {
                Text(error.string).font(.footnote).foregroundColor(.red)
            }
        }
    }

    @ViewBuilder private func timeRow(_ form: MealReviewScreen.Form) -> some View {
        if let eatenAt = form.eatenAt {
            DatePicker(
                MealReviewStringKey.timeLabel.localized,
                selection: Binding(get: { eatenAt }, set: { model.send(.timeChanged($0)) }),
                displayedComponents: [.date, .hourAndMinute])
            Button(MealReviewStringKey.buttonUseNow.localized) { model.send(.timeChanged(nil)) }
                .accessibilityHint(Text(MealReviewStringKey.hintUseNow.localized))
        } else {
            HStack {
                Text(MealReviewStringKey.timeLabel.localized)
                Spacer()
                Text(MealReviewStringKey.timeNow.localized).foregroundColor(.secondary)
                Button(MealReviewStringKey.buttonChangeTime.localized) { model.send(.timeChanged(Date())) }
                    .buttonStyle(.borderless)
                    .accessibilityHint(Text(MealReviewStringKey.hintChangeTime.localized))
            }
        }
    }

    // MARK: The search

    private func searchList(_ search: MealReviewScreen.SearchPanel) -> some View {
        List {
            Section {
                HStack {
                    TextField(
                        MealReviewStringKey.searchPlaceholder.localized,
                        text: Binding(get: { search.query }, set: { model.send(.searchQueryChanged($0)) })
                    )
                    .submitLabel(.search)
                    .onSubmit { model.send(.searchSubmitted) }
                    .accessibilityLabel(Text(MealReviewStringKey.searchPlaceholder.localized))
                    Button(MealReviewStringKey.buttonSearch.localized) { model.send(.searchSubmitted) }
                        .buttonStyle(.borderless)
                        .accessibilityHint(Text(MealReviewStringKey.hintSearch.localized))
                }
                if search.showsProgress {
                    ProgressView().accessibilityLabel(Text(MealReviewStringKey.searchingMessage.localized))
                }
                if let message = search.message {
                    Text(message.string).font(.callout)
                }
            }
            Section {
                ForEach(search.results) { result in
                    Button {
                        model.send(.searchResultPicked(result.id))
                    } label: {
                        VStack(alignment: .leading, spacing: 2) {
                            Text(result.name.string).font(.headline)
                            if let brand = result.brand {
                                Text(brand.string).font(.subheadline).foregroundColor(.secondary)
                            }
                            Text(result.detail.string).font(.subheadline).foregroundColor(.secondary)
                        }
                    }
                    .accessibilityHint(Text(result.hint.localized))
                }
            }
        }
        .listStyle(.insetGrouped)
    }
}
#endif
