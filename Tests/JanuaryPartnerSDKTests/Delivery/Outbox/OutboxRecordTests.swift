import Foundation
import JanuaryCore
import Testing

@testable import JanuaryPartnerSDK

@Suite("An outbox record reads back as it was written, and refuses what it cannot be", suiteTimeLimit())
struct OutboxRecordTests {
    static func full() -> OutboxRecord {
        var record = OutboxRecord.update(
            UpdateFoodLogRequest(
                foods: [FoodLogInputFood(foodID: "1001", servingID: "5001", quantity: 2)],
                eatenAt: Date(timeIntervalSince1970: 1_767_254_400.123), name: "Brunch"),
            of: FoodLogID(rawValue: "6f1c1a56-8a7e-4d0e-9a57-9e4a3c2b1a00"), entry: .make(),
            user: PartnerUserID(rawValue: "user-42"), sequence: 7, at: Date(timeIntervalSince1970: 1_767_254_000))
        record.foods = [FoodLogInputFood(foodID: "1002", servingID: "5004", quantity: 1.5)]
        record.name = "Coffee"
        record.instantMilliseconds = 1_767_254_400_001
        record.water = .milliliters(250)
        record.weight = Weight(value: 71.2, unit: .kilograms)
        record.timeMilliseconds = 1_767_254_400_002
        record.lastSendMilliseconds = 1_767_254_400_003
        record.problem = OutboxRecord.Problem(
            JanuaryError(
                category: .invalidInput, code: .invalidRequest, message: "no", statusCode: 400,
                mayHaveTakenEffect: true))
        return record
    }

    @Test("every field survives a round trip, bytes for bytes")
    func roundTrip() throws {
        let record = Self.full()
        let bytes = try record.encoded()
        let read = try OutboxRecord.decode(bytes)
        #expect(try read.encoded() == bytes)
        #expect(read.id == record.id)
        #expect(read.kind == .foodLogUpdate)
        #expect(read.targetEntry == record.targetEntry)
        #expect(read.updateRequest == record.updateRequest)
        #expect(read.problem?.error.code == .invalidRequest)
        #expect(read.problem?.error.category == .invalidInput)
        #expect(read.problem?.error.statusCode == 400)
        #expect(read.problem?.error.mayHaveTakenEffect == true)
        #expect(read.lastSendMilliseconds == 1_767_254_400_003)
        #expect(read.water == .milliliters(250))
        #expect(read.weight == Weight(value: 71.2, unit: .kilograms))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"kind\":\"food_log_update\""), "the format's own keys: \(text)")
    }

    @Test("an entry shows the record's values, and print and dump show them by property name")
    func entryFromRecord() {
        let record = Self.full()
        let entry = record.entry(state: .needsAttention)
        #expect(entry.id == record.id)
        #expect(entry.userID == PartnerUserID(rawValue: "user-42"))
        #expect(entry.kind == .foodLogUpdate)
        #expect(entry.state == .needsAttention)
        #expect(entry.enqueuedAt == Date(timeIntervalSince1970: 1_767_254_000))
        #expect(entry.foodLogUpdate == record.updateRequest)
        #expect(entry.targetLogID == FoodLogID(rawValue: "6f1c1a56-8a7e-4d0e-9a57-9e4a3c2b1a00"))
        #expect(entry.water == .milliliters(250))
        #expect(entry.weight == Weight(value: 71.2, unit: .kilograms))
        #expect(entry.time == OutboxRecord.date(milliseconds: 1_767_254_400_002))
        #expect(entry.deliveredFoodLog == nil)
        #expect(entry.problem?.code == .invalidRequest)
        #expect(entry.mayHaveBeenSent)
        let mirror = Mirror(reflecting: entry)
        #expect(
            mirror.children.map(\.label) == [
                "id", "userID", "kind", "state", "enqueuedAt", "foodLog", "foodLogUpdate", "targetLogID", "water",
                "weight", "time", "deliveredFoodLog", "deliveredWaterLog", "deliveredWeightLog", "problem",
                "mayHaveBeenSent",
            ])
        #expect(mirror.children.first?.value as? JanuaryOutbox.EntryID == record.id)
        #expect(String(describing: entry).hasPrefix("Entry(id: "))
    }

    @Test(
        "a newer format, a missing key, a bad identifier or bytes that are not JSON are refused",
        arguments: [
            #"{"format":2,"id":"a","sequence":1,"user":"u","kind":"food_log_create","enqueued_at":"2026-01-01T00:00:00.000Z"}"#,
            #"{"format":1,"id":"a","sequence":1,"kind":"food_log_create","enqueued_at":"2026-01-01T00:00:00.000Z"}"#,
            #"{"format":1,"id":"../x","sequence":1,"user":"u","kind":"food_log_create","enqueued_at":"2026-01-01T00:00:00.000Z"}"#,
            "not json",
        ])
    func refused(text: String) {
        #expect(throws: (any Error).self) { try OutboxRecord.decode(Data(text.utf8)) }
    }
}
