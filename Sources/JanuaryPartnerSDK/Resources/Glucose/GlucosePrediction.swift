import Foundation

/// A predicted glucose curve for a meal, with January's grade of its impact.
///
/// ```swift
/// let request = PredictGlucoseRequest(profile: profile, foods: meal, startTime: start)
/// let prediction = try await january.glucose.predict(request)
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

    private enum Keys {
        static var points: WireKey { WireKey("points") }
        static var impactScore: WireKey { WireKey("impact_score") }
        static var chart: WireKey { WireKey("chart") }
    }

    /// Decodes a prediction; missing `points` decode as none and a missing `chart` as no bounds.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a point lacks its minutes or value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.points = try container.decodeList([GlucosePredictionPoint].self, forKey: Keys.points)
        self.impactScore = try container.decodeIfPresent(GlucoseImpactScore.self, forKey: Keys.impactScore)
        self.chart = try container.decodeIfPresent(GlucoseChart.self, forKey: Keys.chart) ?? GlucoseChart()
    }

    /// Encodes the prediction with January's keys, `null` for a missing grade.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(points, forKey: Keys.points)
        try container.encodeNullable(impactScore, forKey: Keys.impactScore)
        try container.encode(chart, forKey: Keys.chart)
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

    /// Decodes a point from January's JSON.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.minutes = try container.decode(Int.self, forKey: Keys.minutes)
        self.value = try container.decode(Double.self, forKey: Keys.value)
    }

    /// Encodes a point as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(minutes, forKey: Keys.minutes)
        try container.encode(value, forKey: Keys.value)
    }

    private enum Keys {
        static var minutes: WireKey { WireKey("minutes") }
        static var value: WireKey { WireKey("value") }
    }
}

/// January's grade of how strongly a meal raises blood glucose: low, medium or high.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public typealias GlucoseImpactScore = JanuaryVocabulary<JanuaryVocabularies.GlucoseImpactScore>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/GlucoseImpactScore``, which keeps its values apart from other vocabularies'.
    public enum GlucoseImpactScore {}
}

extension GlucoseImpactScore {
    /// A small rise.
    public static var low: GlucoseImpactScore { GlucoseImpactScore(rawValue: "low") }
    /// A moderate rise.
    public static var medium: GlucoseImpactScore { GlucoseImpactScore(rawValue: "medium") }
    /// A large rise.
    public static var high: GlucoseImpactScore { GlucoseImpactScore(rawValue: "high") }
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

    /// Decodes a chart from January's JSON; a missing or `null` bound reads as `nil`.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.min = try container.decodeIfPresent(Double.self, forKey: Keys.min)
        self.max = try container.decodeIfPresent(Double.self, forKey: Keys.max)
    }

    private enum Keys {
        static var min: WireKey { WireKey("min") }
        static var max: WireKey { WireKey("max") }
    }

    /// Encodes both bounds, `null` when missing.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encodeNullable(min, forKey: Keys.min)
        try container.encodeNullable(max, forKey: Keys.max)
    }
}

extension GlucosePrediction {
    /// Hashes the impact score and how many points the curve has: equal predictions agree on both.
    ///
    /// Hashing every nested value as well compiled a copy of the standard library's array hashing for each nested
    /// type into the app (Docs/Benchmarks.md, "Size in an app"); values that compare equal still hash equally.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(impactScore)
        hasher.combine(points.count)
    }
}
