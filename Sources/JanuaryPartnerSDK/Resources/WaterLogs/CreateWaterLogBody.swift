import Foundation

/// The body of `POST /v1.2/water-logs`.
struct CreateWaterLogBody: Encodable {
    var amount: WaterAmount
    /// `nil` leaves the time to January, which stamps the log with its own now.
    var consumedAt: Date?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(amount, forKey: .amount)
        try container.encodeTimestampIfPresent(consumedAt, forKey: .consumedAt)
    }

    private enum CodingKeys: String, CodingKey {
        case amount
        case consumedAt = "consumed_at"
    }
}
