import Foundation
import JanuaryPartnerSDK
import Testing

@testable import JanuaryPartnerSDKHealth

@Suite("Sync identifiers derive from the log alone, and versions from what Health holds", suiteTimeLimit())
struct HealthSyncIdentifierTests {
    @Test(
        "a food or water log's id, as a lower-case UUID",
        arguments: [
            ("3F2B9C1E-8D4A-4E6F-9B7A-2C1D0E5F6A7B", "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b"),
            ("3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b", "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b"),
        ])
    func logs(id: String, canonical: String) {
        #expect(HealthSyncIdentifier.foodLog(FoodLogID(rawValue: id)) == "ai.january.food-log:" + canonical)
        #expect(
            HealthSyncIdentifier.foodLog(FoodLogID(rawValue: id), nutrient: "protein")
                == "ai.january.food-log:" + canonical + ":protein")
        #expect(HealthSyncIdentifier.waterLog(WaterLogID(rawValue: id)) == "ai.january.water-log:" + canonical)
    }

    @Test(
        "an id that is not a UUID has no identifier",
        arguments: ["", "42", "3f2b9c1e", "not-a-uuid", "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b0"])
    func notUUID(id: String) {
        #expect(HealthSyncIdentifier.foodLog(FoodLogID(rawValue: id)) == nil)
        #expect(HealthSyncIdentifier.waterLog(WaterLogID(rawValue: id)) == nil)
    }

    @Test(
        "a weight's identifier is its instant to the millisecond; an instant that is not real has none",
        arguments: [
            (1_767_000_000.0, "ai.january.weight-log:1767000000000"),
            (1_767_000_000.0004, "ai.january.weight-log:1767000000000"),
            (1_767_000_000.0006, "ai.january.weight-log:1767000000001"),
            (-1.5, "ai.january.weight-log:-1500"),
        ] as [(Double, String?)])
    func weight(seconds: Double, expected: String?) {
        #expect(HealthSyncIdentifier.weightLog(measuredAt: Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test("an instant that is not real has no weight identifier", arguments: [Double.nan, .infinity, -.infinity, 1e13])
    func unreal(seconds: Double) {
        #expect(HealthSyncIdentifier.weightLog(measuredAt: Date(timeIntervalSince1970: seconds)) == nil)
    }

    static func entry(protein: Double = 12, name: String? = "Lunch") -> HealthEntry {
        HealthEntry(
            type: .food, quantity: nil, date: Date(timeIntervalSince1970: 1_767_000_000), syncIdentifier: "meal",
            syncVersion: 0, foodType: name,
            members: [
                HealthEntry(
                    type: .dietaryEnergyConsumed, quantity: HealthQuantity(value: 250, unit: .kilocalories),
                    date: Date(timeIntervalSince1970: 1_767_000_000), syncIdentifier: "meal:calories", syncVersion: 0),
                HealthEntry(
                    type: .dietaryProtein, quantity: HealthQuantity(value: protein, unit: .grams),
                    date: Date(timeIntervalSince1970: 1_767_000_000), syncIdentifier: "meal:protein", syncVersion: 0),
            ])
    }

    @Test("the digest is the same on every platform and run, and changes with any part of the content")
    func fingerprint() {
        let digest = HealthFingerprint.of(Self.entry())
        // A fixed value: FNV-1a of the canonical text, not Swift's per-process seeded hash.
        #expect(digest == HealthFingerprint.of(Self.entry()))
        #expect(digest.count == 16)
        #expect(digest.allSatisfy { $0.isHexDigit })
        var reordered = Self.entry()
        reordered.members.reverse()
        #expect(HealthFingerprint.of(reordered) == digest)
        var versioned = Self.entry()
        versioned.syncVersion = 7
        #expect(HealthFingerprint.of(versioned) == digest)
        #expect(HealthFingerprint.of(Self.entry(protein: 12.000000000000002)) != digest)
        #expect(HealthFingerprint.of(Self.entry(name: "Dinner")) != digest)
        #expect(HealthFingerprint.of(Self.entry(name: nil)) != digest)
        var moved = Self.entry()
        moved.date.addTimeInterval(0.001)
        #expect(HealthFingerprint.of(moved) != digest)
        var fewer = Self.entry()
        fewer.members.removeLast()
        #expect(HealthFingerprint.of(fewer) != digest)
    }

    @Test("the digest of a known entry, pinned so that a change of the canonical form is a conscious one")
    func pinned() {
        #expect(HealthFingerprint.of(Self.entry()) == Self.pinnedDigest)
    }

    /// Measured once from the canonical form; it must not depend on the platform.
    static let pinnedDigest = "929b1950b8d19e0b"
}
