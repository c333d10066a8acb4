import Foundation
import JanuaryCore
import JanuaryPartnerSDK

/// Glucose predictions personalised with the user's own CGM history from Apple Health.
///
/// ``predict(_:for:historyDays:)`` reads the user's blood-glucose readings for the days before the meal, bins them
/// to one per 15 minutes in mg/dL, pairs them with the foods of the user's January food logs, checks January's rule
/// of five complete days on the device, and sends the prediction with that history; when the history is too thin,
/// it says so (``HealthGlucosePrediction/needsMoreHistory(_:)``) and sends nothing.
///
/// <!-- docs-check: apple-only -->
/// ```swift
/// let predictor = HealthGlucosePredictor(source: HealthKitStore())
/// try await predictor.requestAuthorization()  // reading blood glucose, nothing else
/// let request = PredictGlucoseRequest(profile: profile, foods: meal, startTime: start)
/// let result = try await predictor.predict(request, for: january.forUser(PartnerUserID(rawValue: account.id)))
/// show(result)
/// ```
///
/// Nothing from Health is kept or logged: the readings go into the request and nowhere else.
public struct HealthGlucosePredictor: Sendable {
    /// The days of history a prediction may read: at least the 5 complete days January needs, and at most 56, so
    /// that the food logs of the period are one list (January lists at most 60 days at once).
    public static let historyDaysRange = 5...56

    private let source: any GlucoseHistorySource

    /// Creates a predictor; reads nothing.
    ///
    /// - Parameter source: Where readings come from: `HealthKitStore` on iOS, or a synthetic window in tests.
    public init(source: any GlucoseHistorySource) {
        self.source = source
    }

    /// Asks the user to allow reading blood glucose, and nothing else.
    ///
    /// - Throws: ``JanuaryHealthError``: `missing_usage_description` when the Info.plist lacks
    ///   `NSHealthShareUsageDescription`, `health_data_unavailable` where the device has no Health.
    public func requestAuthorization() async throws {
        try await source.requestAuthorization(toWrite: [], toRead: [.bloodGlucose])
    }

    /// The history a prediction for a meal at `startTime` would send: the whole `historyDays` days before the meal's
    /// day, in `timeZone`, and that day up to `startTime`.
    ///
    /// - Parameters:
    ///   - user: The user, whose food logs are listed (needs `food_logs:read`).
    ///   - startTime: When the meal starts; nothing from then on is read.
    ///   - timeZone: The prediction's time zone, whose days are counted.
    ///   - historyDays: Whole days before the meal's day: 5 to 56 (``historyDaysRange``), 14 by default.
    /// - Returns: The history, with its coverage.
    /// - Throws: `JanuaryError` of category `invalidInput` for `historyDays` out of range or a `startTime` that is not
    ///   a real instant, and what listing food logs throws; ``JanuaryHealthError`` when Health cannot be read.
    public func history(
        for user: JanuaryUserClient, before startTime: Date, timeZone: TimeZone, historyDays: Int = 14
    ) async throws -> GlucoseHistory {
        guard Self.historyDaysRange.contains(historyDays) else {
            throw JanuaryError.invalidInput(
                "historyDays must be \(Self.historyDaysRange.lowerBound) to \(Self.historyDaysRange.upperBound).")
        }
        let day = try JanuaryDate(startTime, in: timeZone)
        // `advanced(by:)` traps before the year 1; no meal worth predicting is that old.
        guard day.year > 1 else {
            throw JanuaryError.invalidInput("PredictGlucoseRequest.startTime lies in the year 1.")
        }
        let start = day.advanced(by: -historyDays).start(in: timeZone)
        let logs = try await user.foodLogs.list(from: start, through: startTime)
        let readings: [HealthGlucoseReading]
        do {
            readings = try await source.glucoseReadings(from: start, to: startTime)
        } catch {
            throw HealthLogMirror.storeError(error, "Blood glucose could not be read from Health")
        }
        return GlucoseHistory(readings: readings, foodLogs: logs, from: start, to: startTime, timeZone: timeZone)
    }

    /// Predicts a meal with the user's CGM history, or says how much history is missing.
    ///
    /// The request's own `cgmReadings` and `consumedFoods` are replaced by the history's; everything else is sent as
    /// it is, with the same checks as `january.glucose.predict(_:)`.
    ///
    /// - Parameters:
    ///   - request: The meal, the person, the start and time zone.
    ///   - user: The user whose food logs and client are used (needs `food_logs:read` and `glucose:read`).
    ///   - historyDays: Whole days of history before the meal's day: 5 to 56, 14 by default.
    /// - Returns: The prediction with its history, or ``HealthGlucosePrediction/needsMoreHistory(_:)`` without
    ///   anything sent to January.
    /// - Throws: What ``history(for:before:timeZone:historyDays:)`` and `january.glucose.predict(_:)` throw.
    public func predict(
        _ request: PredictGlucoseRequest, for user: JanuaryUserClient, historyDays: Int = 14
    ) async throws -> HealthGlucosePrediction {
        let history = try await history(
            for: user, before: request.startTime, timeZone: request.timeZone, historyDays: historyDays)
        guard history.coverage.isSufficient else {
            return .needsMoreHistory(history.coverage)
        }
        var request = request
        request.cgmReadings = history.cgmReadings
        request.consumedFoods = history.consumedFoods
        return .predicted(try await user.client.glucose.predict(request), history: history)
    }
}
