import Foundation
import JanuaryPartnerSDK

/// What only the simulator can do to a session: the disruptions a real environment causes by chance.
struct Disruptions: Sendable {
    /// The user's live tokens reach the end of their lifetime.
    let expireTokens: @Sendable () -> Void
    /// January revokes the user's live tokens, as it does when the partner's backend asks it to.
    let revokeTokens: @Sendable () -> Void
    /// January answers the next water log with `429 rate_limited` and `Retry-After` seconds.
    let rateLimitNextWaterLog: @Sendable (_ retryAfter: Int) -> Void
}

/// A partner app's session with January, as a developer would write it with the SDK's public API: search, scan
/// a breakfast described in words, log it with water and weight, read the day and the week back, predict the
/// glucose response, then sign out. Each step prints its result and the token events it caused.
final class PartnerSession {
    /// The partner's own opaque id of the user who signs in: never an email address or a name.
    static let exampleUserID = "example-user-42"

    /// The breakfast the user describes in words.
    static let breakfast = "2 eggs, a slice of whole wheat toast and a banana"

    let client: JanuaryPartnerClient
    let user: JanuaryUserClient
    let events: SessionEvents
    /// The partner backend that issues the client tokens, or `nil` when the client holds a development key.
    let backend: PartnerBackend?
    /// The simulator's disruptions, or `nil` against a real environment.
    let disruptions: Disruptions?

    /// Problems found on the way: an expected event that never came, a write stored twice.
    private(set) var problems: [String] = []
    /// How many steps ran.
    private(set) var stepNumber = 0

    init(
        client: JanuaryPartnerClient,
        user: JanuaryUserClient,
        events: SessionEvents,
        backend: PartnerBackend?,
        disruptions: Disruptions?
    ) {
        self.client = client
        self.user = user
        self.events = events
        self.backend = backend
        self.disruptions = disruptions
    }

    private var usesClientTokens: Bool {
        backend != nil
    }

    /// Runs every step; throws the first error the SDK throws.
    func run() async throws {
        let zone = user.timeZone.identifier
        print(
            "Signed in: \(user.userID.rawValue) (\(zone)). "
                + (usesClientTokens
                    ? "The app gets January client tokens from its backend."
                    : "The client holds a development API key."))
        print("")
        let today = try user.today()

        try await step(
            "Autocomplete \"ban\"",
            expecting: usesClientTokens ? [(.providerCallStarted, 1), (.providerCallFinished, 1)] : []
        ) {
            let suggestions = try await client.foods.autocomplete(AutocompleteFoodsRequest(query: "ban"))
            return Self.list(suggestions.items.map { $0.name ?? $0.id.rawValue })
        }

        try await step("Search \"greek yogurt\"") {
            let results = try await client.foods.search(SearchFoodsRequest(query: "greek yogurt", limit: 3))
            return Self.list(results.items.map(Self.describe(food:)))
        }

        try await step("Barcode 012345678905") {
            let food = try await client.foods.get(barcode: "012345678905")
            return Self.describe(food: food)
        }

        var scan = FoodScan(detections: [])
        try await step("Breakfast in words: \"\(Self.breakfast)\"") {
            scan = try await client.foodAnalysis.analyzeDescription(Self.breakfast)
            let foods = scan.detections.map { detection in
                "\(detection.food.name ?? detection.food.id.rawValue) ×\(Self.number(detection.food.quantity ?? 0))"
            }
            return Self.list(foods) + " = " + Self.describe(nutrients: scan.totalNutrients)
        }

        var breakfastLog: FoodLog?
        try await step("Log the breakfast for \(user.userID.rawValue)") {
            let log = try await user.foodLogs.create(CreateFoodLogRequest(scan: scan, name: "Breakfast"))
            breakfastLog = log
            let calories = log.foods.compactMap(\.nutrients.calories?.value).reduce(0, +)
            return "\"\(log.name ?? "meal")\" at \(Self.time(log.eatenAt, in: user.timeZone)), "
                + "\(log.foods.count) foods, \(Self.number(calories)) kcal"
        }

        try await step("Log water and weight") {
            let water = try await user.waterLogs.create(.milliliters(500))
            let weight = try await user.weightLogs.create(Weight(value: 72.5, unit: .kilograms))
            return "\(Self.number(water.amount.value)) \(water.amount.unit) of water, "
                + "\(Self.number(weight.weight.value)) \(weight.weight.unit)"
        }

        var waterToday = Volume(value: 0, unit: .milliliters)
        try await step("Today, \(today)") {
            let meals = try await user.foodLogs.list(on: today)
            waterToday = try await user.waterLogs.total(on: today, unit: .milliliters)
            let weights = try await user.weightLogs.list(from: today, through: today)
            let names = meals.map { "\($0.name ?? "meal") at \(Self.time($0.eatenAt, in: user.timeZone))" }
            let weight = weights.last.map { "\(Self.number($0.weight.value)) \($0.weight.unit)" } ?? "no weight"
            return "\(Self.count(meals.count, "meal")) (\(names.joined(separator: ", "))), "
                + "\(Self.number(waterToday.value)) ml of water, \(weight)"
        }

        try await step("This week") {
            let monday = Self.monday(of: today, in: user.timeZone)
            let summary = try await user.foodLogs.summary(
                FoodLogSummaryRequest(from: monday, through: today, groupBy: .week, weekStart: .monday))
            let calories = summary.totals.nutrients.calories?.value ?? 0
            let average = summary.averagePerLoggedDay.nutrients.calories?.value ?? 0
            return "\(summary.startDate) to \(summary.endDate): \(Self.count(summary.totals.logsCount, "meal")) on "
                + "\(Self.count(summary.totals.daysWithLogs, "day")), \(Self.number(calories)) kcal, "
                + "\(Self.number(average)) kcal per logged day"
        }

        try await step("Glucose after the breakfast") {
            let profile = GlucosePredictionProfile(
                age: 38, sex: .female, height: Height(value: 165, unit: .centimeters),
                weight: Weight(value: 62, unit: .kilograms), activityLevel: .moderatelyActive)
            let prediction = try await client.glucose.predict(
                PredictGlucoseRequest(
                    profile: profile, foods: scan.loggableFoods, startTime: breakfastLog?.eatenAt ?? Date(),
                    timeZone: user.timeZone))
            guard let peak = prediction.points.max(by: { $0.value < $1.value }), let last = prediction.points.last
            else {
                return "no curve"
            }
            return "peak \(Self.number(peak.value)) mg/dL after \(peak.minutes) min, \(Self.number(last.value)) "
                + "after \(last.minutes) min, impact \(prediction.impactScore?.rawValue ?? "unknown")"
        }

        if let disruptions {
            try await step(
                "The user's token expires; list today's meals again",
                expecting: [
                    (.tokenInvalidated, 1), (.providerCallStarted, 2), (.providerCallFinished, 2),
                    (.requestRetried, 1),
                ]
            ) {
                disruptions.expireTokens()
                let meals = try await user.foodLogs.list(on: today)
                return "still \(Self.count(meals.count, "meal")): one refresh, one replay, nothing for the user to do"
            }

            try await step(
                "January revokes the user's token; list today's meals again",
                expecting: [
                    (.tokenRevokedOrUnknown, 1), (.tokenInvalidated, 2), (.providerCallStarted, 3),
                    (.providerCallFinished, 3),
                ]
            ) {
                disruptions.revokeTokens()
                do {
                    _ = try await user.foodLogs.list(on: today)
                    problems.append("a revoked token was refreshed instead of surfaced")
                    return "listed with a revoked token"
                } catch let error as JanuaryError where error.code == "token_revoked" {
                    // A real app sends the user to sign in to its backend again here; this example's backend
                    // mints for the same user at once.
                    let meals = try await user.foodLogs.list(on: today)
                    return "refused with token_revoked and not sent again; once the user signed in again, "
                        + "\(Self.count(meals.count, "meal"))"
                }
            }

            try await step("January rate-limits a glass of water", expecting: [(.retryScheduled, 1)]) {
                disruptions.rateLimitNextWaterLog(1)
                let started = Date()
                try await user.waterLogs.create(.milliliters(250))
                let waited = Date().timeIntervalSince(started)
                let total = try await user.waterLogs.total(on: today, unit: .milliliters)
                if abs(total.value - (waterToday.value + 250)) > 0.05 {
                    problems.append("the rate-limited water log was not stored exactly once")
                }
                return "logged after one wait (\(String(format: "%.2f", waited)) s in all); stored once: "
                    + "\(Self.number(total.value)) ml today"
            }
        }

        try await step("Sign out", expecting: usesClientTokens ? [(.tokenCacheCleared, 1)] : []) {
            client.signOut()
            return "the token is forgotten; the next user starts with a provider call of their own"
        }
    }

    /// Runs one step: prints its number, title and result, then the events it caused.
    private func step(
        _ title: String,
        expecting expected: [(JanuaryEvent.Kind, Int)] = [],
        _ body: () async throws -> String
    ) async throws {
        stepNumber += 1
        let result = try await body()
        for (kind, count) in expected where await !events.waitFor(kind, count: count) {
            problems.append("step \(stepNumber) expected \(count) \(kind) events, but \(events.count(of: kind)) came")
        }
        let number = String(stepNumber)
        print(String(repeating: " ", count: max(0, 3 - number.count)) + "\(number). \(title): \(result)")
        for event in events.takeUnprinted() {
            print("       · " + describe(event))
        }
    }
}
