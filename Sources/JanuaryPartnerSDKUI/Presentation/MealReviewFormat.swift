import Foundation
import JanuaryPartnerSDK

/// Numbers, amounts and servings as the review sheet writes them, in a locale's digits and the catalogue's words.
/// The units January writes for a serving (`cup`, `medium`) are its own and shown as they are.
struct MealReviewFormat: Sendable {
    typealias Text = MealReviewScreen.Text

    let locale: Locale

    /// `value` with at most `fractionDigits` decimals, in the locale's digits.
    func number(_ value: Double, fractionDigits: Int) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        formatter.minimumFractionDigits = 0
        formatter.maximumFractionDigits = fractionDigits
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }

    /// A quantity of servings, to the hundredth (January's quantities are decimals such as 1.25).
    func quantity(_ value: Double) -> String {
        number(value, fractionDigits: 2)
    }

    /// An amount in its own unit: whole kilocalories, milligrams and micrograms; grams to the tenth.
    func amount(_ amount: NutrientAmount) -> Text {
        switch amount.unit {
        case .kilocalories: .format(.amountKilocalories, [.verbatim(number(amount.value, fractionDigits: 0))])
        case .grams: .format(.amountGrams, [.verbatim(number(amount.value, fractionDigits: 1))])
        case .milligrams: .format(.amountMilligrams, [.verbatim(number(amount.value, fractionDigits: 0))])
        case .micrograms: .format(.amountMicrograms, [.verbatim(number(amount.value, fractionDigits: 0))])
        default:
            .format(
                .amountOther, [.verbatim(number(amount.value, fractionDigits: 1)), .verbatim(amount.unit.rawValue)])
        }
    }

    /// An amount, or the sign for "not known".
    func amount(_ amount: NutrientAmount?) -> Text {
        amount.map(self.amount) ?? .key(.nutrientUnknown)
    }

    /// A serving as January describes it: "1 cup (150 g)", "100 g", "1 medium", or "1 serving" without a unit.
    func serving(_ serving: ServingOption) -> Text {
        let count = Text.verbatim(number(serving.quantity ?? 1, fractionDigits: 2))
        let unit = serving.unit?.trimmingCharacters(in: .whitespaces)
        let grams = serving.weightGrams.map { Text.verbatim(number($0, fractionDigits: 0)) }
        switch (unit, grams) {
        case (let unit?, let grams?) where !unit.isEmpty && unit.lowercased() != "g":
            return .format(.servingWithWeight, [count, .verbatim(unit), grams])
        case (let unit?, _) where !unit.isEmpty:
            return .format(.servingWithUnit, [count, .verbatim(unit)])
        case (_, let grams?):
            return .format(.servingWeightOnly, [grams])
        default:
            return .key(.servingUnnamed)
        }
    }
}
