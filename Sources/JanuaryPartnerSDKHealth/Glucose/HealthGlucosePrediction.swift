import JanuaryPartnerSDK

/// The answer of ``HealthGlucosePredictor/predict(_:for:historyDays:)``: a personalised prediction, or how much
/// history is still missing.
///
/// ```swift
/// let request = PredictGlucoseRequest(profile: profile, foods: meal, startTime: start)
/// switch try await predictor.predict(request, for: user) {
/// case .predicted(let prediction, let history):
///     show((prediction, history.coverage.completeDays))
/// case .needsMoreHistory(let coverage):
///     badge.text = "Wear your CGM and log meals: \(coverage.completeDays) of \(coverage.requiredDays) days"
/// }
/// ```
public enum HealthGlucosePrediction: Sendable, Hashable {
    /// January's prediction, personalised with `history`.
    case predicted(GlucosePrediction, history: GlucoseHistory)

    /// The history has fewer complete days than January needs: nothing was sent to January.
    case needsMoreHistory(GlucoseHistoryCoverage)
}
