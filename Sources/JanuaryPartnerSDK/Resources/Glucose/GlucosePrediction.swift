import Foundation

/// A predicted glucose curve for a meal, with January's grade of its impact.
///
/// ```swift
/// for point in prediction.points {
///     chart.add(x: point.date(from: request.startTime), y: point.value)
/// }
/// chart.yRange = (prediction.chart.min ?? 60)...(prediction.chart.max ?? 140)
/// ```
public struct GlucosePrediction: Sendable, Hashable, Codable {
    /// Predicted values every 15 minutes from the meal's start.
    public var points: [GlucosePredictionPoint]

    /// How strongly the meal raises glucose; `nil` when the model gave no grade.
    public var impactScore: GlucoseImpactScore?

    /// Suggested y-axis bounds.
    public var chart: GlucoseChart

    /// Creates a prediction, for previews and tests.
    ///
    /// - Parameters:
    ///   - points: Predicted values.
    ///   - impactScore: The impact grade.
    ///   - chart: Suggested y-axis bounds.
    public init(points: [GlucosePredictionPoint], impactScore: GlucoseImpactScore? = nil, chart: GlucoseChart = .init())
    {
        self.points = points
        self.impactScore = impactScore
        self.chart = chart
    }

    enum CodingKeys: String, CodingKey {
        case points
        case impactScore = "impact_score"
        case chart
    }

    /// Decodes a prediction; missing `points` decode as none and a missing `chart` as no bounds.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a point lacks its minutes or value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.points = try container.decodeList([GlucosePredictionPoint].self, forKey: .points)
        self.impactScore = try container.decodeIfPresent(GlucoseImpactScore.self, forKey: .impactScore)
        self.chart = try container.decodeIfPresent(GlucoseChart.self, forKey: .chart) ?? GlucoseChart()
    }

    /// Encodes the prediction with January's keys, `null` for a missing grade.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(points, forKey: .points)
        try container.encodeNullable(impactScore, forKey: .impactScore)
        try container.encode(chart, forKey: .chart)
    }
}
