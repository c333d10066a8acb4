import Foundation

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
