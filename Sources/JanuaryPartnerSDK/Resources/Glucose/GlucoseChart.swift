import Foundation

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

    enum CodingKeys: String, CodingKey {
        case min
        case max
    }

    /// Decodes chart bounds; missing bounds are `nil`.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a present bound is not a number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.min = try container.decodeIfPresent(Double.self, forKey: .min)
        self.max = try container.decodeIfPresent(Double.self, forKey: .max)
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
