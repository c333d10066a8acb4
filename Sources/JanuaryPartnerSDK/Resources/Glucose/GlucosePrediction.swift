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

/// One predicted glucose value, every 15 minutes from the meal's start.
public struct GlucosePredictionPoint: Sendable, Hashable, Codable {
    /// Minutes after the request's ``PredictGlucoseRequest/startTime``.
    public var minutes: Int

    /// Predicted blood glucose in mg/dL.
    public var value: Double

    /// Creates a point, for previews and tests.
    ///
    /// - Parameters:
    ///   - minutes: Minutes after the meal's start.
    ///   - value: Predicted blood glucose in mg/dL.
    public init(minutes: Int, value: Double) {
        self.minutes = minutes
        self.value = value
    }

    /// The point's time, for a chart's x axis.
    ///
    /// - Parameter startTime: The ``PredictGlucoseRequest/startTime`` the prediction was made for.
    /// - Returns: `startTime` plus ``minutes``.
    public func date(from startTime: Date) -> Date {
        startTime.addingTimeInterval(TimeInterval(minutes) * 60)
    }

    enum CodingKeys: String, CodingKey {
        case minutes
        case value
    }
}

/// January's grade of how strongly a meal raises blood glucose: low, medium or high.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public struct GlucoseImpactScore: JanuaryVocabulary {
    /// The value as January writes it.
    public let rawValue: String

    /// Creates a value from its wire string.
    ///
    /// - Parameter rawValue: The value as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A small rise.
    public static let low = GlucoseImpactScore(rawValue: "low")
    /// A moderate rise.
    public static let medium = GlucoseImpactScore(rawValue: "medium")
    /// A large rise.
    public static let high = GlucoseImpactScore(rawValue: "high")
}

/// Suggested y-axis bounds for charting a prediction, in mg/dL.
///
/// ``max`` is 180 for someone with type 2 diabetes and 140 otherwise, January's upper target for each.
public struct GlucoseChart: Sendable, Hashable, Codable {
    /// The suggested lower bound, if January gave one.
    public var min: Double?

    /// The suggested upper bound, if January gave one.
    public var max: Double?

    /// Creates chart bounds.
    ///
    /// - Parameters:
    ///   - min: The lower bound.
    ///   - max: The upper bound.
    public init(min: Double? = nil, max: Double? = nil) {
        self.min = min
        self.max = max
    }

    // Decoding is synthesized: both bounds are optional, so a missing or `null` bound reads as `nil`.
    enum CodingKeys: String, CodingKey {
        case min
        case max
    }

    /// Encodes both bounds, `null` when missing.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNullable(min, forKey: .min)
        try container.encodeNullable(max, forKey: .max)
    }
}
