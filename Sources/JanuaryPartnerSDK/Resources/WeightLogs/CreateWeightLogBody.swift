import Foundation

/// The body of `POST /v1.2/weight-logs`.
struct CreateWeightLogBody: Encodable {
    var weight: Weight
    /// `nil` leaves the time to January, which stamps the log with its own now.
    var measuredAt: Date?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weight, forKey: .weight)
        try container.encodeTimestampIfPresent(measuredAt, forKey: .measuredAt)
    }

    private enum CodingKeys: String, CodingKey {
        case weight
        case measuredAt = "measured_at"
    }
}
