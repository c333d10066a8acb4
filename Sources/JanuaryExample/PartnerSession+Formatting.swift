import Foundation
import JanuaryPartnerSDK

// How the session words what it shows: numbers, nutrients, times, days and the SDK's events.
extension PartnerSession {
    /// A number with at most one decimal, without a trailing `.0`.
    static func number(_ value: Double) -> String {
        let text = String(format: "%.1f", value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// `1 meal`, `2 meals`.
    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The items joined by commas, or `nothing`.
    static func list(_ items: [String]) -> String {
        items.isEmpty ? "nothing" : items.joined(separator: ", ")
    }

    /// A food with its brand and its calories per default serving.
    static func describe(food: Food) -> String {
        let name = [food.name, food.brandName.map { "by \($0)" }].compactMap { $0 }.joined(separator: " ")
        guard let calories = food.nutrients.calories, let serving = food.defaultServing else {
            return name
        }
        let portion = [serving.quantity.map(number), serving.unit].compactMap { $0 }.joined(separator: " ")
        return "\(name) (\(number(calories.value)) kcal per \(portion))"
    }

    /// Calories and macronutrients.
    static func describe(nutrients: NutritionFacts) -> String {
        let parts: [(NutrientAmount?, String)] = [
            (nutrients.calories, "kcal"), (nutrients.protein, "g protein"),
            (nutrients.carbohydrates, "g carbohydrates"), (nutrients.totalFat, "g fat"),
        ]
        return parts.compactMap { amount, label in amount.map { "\(number($0.value)) \(label)" } }
            .joined(separator: ", ")
    }

    /// The local time of day, such as `08:05`.
    static func time(_ date: Date, in timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }

    /// The Monday on or before `day`.
    static func monday(of day: JanuaryDate, in timeZone: TimeZone) -> JanuaryDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let weekday = calendar.component(.weekday, from: day.start(in: timeZone))
        // Calendar counts Sunday as 1 and Monday as 2.
        return day.advanced(by: -((weekday + 5) % 7))
    }

    /// One token or retry event, in words, with what the partner backend answered for a provider call.
    func describe(_ event: JanuaryEvent) -> String {
        let generation = event.generation.map { "token generation \($0)" } ?? "the token"
        switch event.kind {
        case .providerCallStarted:
            return "token provider call \(event.attempt ?? 0) started: no fresh token, so the app asks its backend"
        case .providerCallFinished:
            let took = event.duration.map { " in \(Int(($0 * 1000).rounded())) ms" } ?? ""
            guard event.outcome == nil else {
                return
                    "token provider call \(event.attempt ?? 0) failed\(took): \(event.outcome.map(\.description) ?? "")"
            }
            var text =
                "token provider call \(event.attempt ?? 0) finished\(took): \(generation) for "
                + Self.count(event.waiterCount ?? 0, "waiting request")
            if let attempt = event.attempt, let issued = backend?.issued, issued.indices.contains(Int(attempt) - 1) {
                let issue = issued[Int(attempt) - 1]
                let lifetime = issue.expiresIn.map { ", valid \(Self.number($0)) s" } ?? ""
                text += " (the backend issued it for \(issue.endUserID)\(lifetime))"
            }
            return text
        case .tokenInvalidated:
            return "January rejected \(generation) with a 401; the SDK dropped it and will ask for a new one"
        case .tokenRevokedOrUnknown:
            return "January refused \(generation) as \(event.code ?? "revoked"); the SDK dropped it, did not send the "
                + "request again, and will ask for a new one when the user has signed in again"
        case .requestRetried:
            return "the request was sent again, once, with \(generation)"
        case .retryScheduled:
            let cause = [event.statusCode.map(String.init), event.code].compactMap { $0 }.joined(separator: " ")
            return "\(cause): retry \(event.attempt ?? 1) after waiting \(Self.number(event.retryAfter ?? 0)) s"
        case .tokenCacheCleared:
            return "signed out: \(generation) forgotten"
        default:
            return event.description
        }
    }
}
