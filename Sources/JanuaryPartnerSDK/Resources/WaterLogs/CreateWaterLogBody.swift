import Foundation

/// The body of `POST /v1.2/water-logs`.
struct CreateWaterLogBody: Encodable {
    var amount: WaterAmount
    var consumedAt: Date

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(amount, forKey: .amount)
        try container.encodeTimestamp(consumedAt, forKey: .consumedAt)
    }

    private enum CodingKeys: String, CodingKey {
        case amount
        case consumedAt = "consumed_at"
    }
}
