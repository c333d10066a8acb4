import Foundation

extension JanuaryPartnerClient {
    /// Glucose predictions for a meal.
    ///
    /// Needs the `glucose:read` scope on a client token.
    public var glucose: Glucose {
        Glucose(client: self)
    }

    /// Glucose predictions, reached through ``JanuaryPartnerClient/glucose``.
    ///
    /// A cheap value holding the client: get it whenever you need it. ``predict(_:)`` checks its input first and
    /// throws `JanuaryError` of category `invalidInput` without sending anything when a rule is broken.
    public struct Glucose: Sendable {
        let client: JanuaryPartnerClient

        /// Predicts how a meal will move the person's blood glucose, every 15 minutes from its start.
        ///
        /// ```swift
        /// let portion = try oats.portion(unit: "cup")
        /// let prediction = try await january.glucose.predict(
        ///     PredictGlucoseRequest(profile: profile, foods: [portion.loggableFood], startTime: Date())
        /// )
        /// ```
        ///
        /// - Parameter request: The person, the meal, its start and time zone, and optional CGM history.
        /// - Returns: The predicted curve, an impact grade and suggested chart bounds.
        /// - Throws: `JanuaryError`: `invalidInput` before sending for a profile out of range, 0 or more than 100
        ///   foods, a quantity outside 0–10 000, a time zone without an IANA identifier, or CGM history that breaks
        ///   a rule (readings outside 10–600 mg/dL, two in one 15-minute window, more than 5000, or readings without
        ///   foods or the reverse). From January: `invalid_request` (including CGM history shorter than five
        ///   complete days), `upstream_timeout` (retry), and the usual authentication and rate-limit errors.
        public func predict(_ request: PredictGlucoseRequest) async throws -> GlucosePrediction {
            try await client.perform(request.makeRequest(), returning: GlucosePrediction.self)
        }
    }
}
