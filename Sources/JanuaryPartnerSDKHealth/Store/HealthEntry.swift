import Foundation

/// One object the mirror asks a ``HealthMirrorStore`` to save: a quantity sample, or a meal (HealthKit's food
/// correlation) holding one quantity sample per nutrient in ``members``.
///
/// Every entry, members included, carries its sync identifier and version, which HealthKit keeps as
/// `HKMetadataKeySyncIdentifier` and `HKMetadataKeySyncVersion`: saving an entry replaces the stored object with the
/// same identifier and a lower version, so an update never adds a second sample.
public struct HealthEntry: Sendable, Hashable {
    /// What the entry is: `.food` for a meal, otherwise the quantity type of its sample.
    public var type: HealthDataType

    /// The sample's value and unit; `nil` for a meal, whose values are its members'.
    public var quantity: HealthQuantity?

    /// When it happened: the meal's `eaten_at`, the water's `consumed_at`, the weight's `measured_at`. Samples start
    /// and end at this instant.
    public var date: Date

    /// The identifier derived from the January log (``HealthSyncIdentifier``), the same every time the log is
    /// mirrored.
    public var syncIdentifier: String

    /// The version: 1 the first time, one more than the stored entry's at each change.
    public var syncVersion: Int64

    /// A digest of the content, stored with the entry, by which the mirror sees that a log is already in Health as
    /// it is; `nil` on a meal's members, which the meal's digest covers.
    public var fingerprint: String?

    /// The meal's name, written as `HKMetadataKeyFoodType` on the meal and on each of its members.
    public var foodType: String?

    /// A meal's nutrient samples; empty for any other entry.
    public var members: [HealthEntry]

    /// Creates an entry, as your tests may need.
    ///
    /// - Parameters:
    ///   - type: `.food` for a meal, otherwise the quantity type.
    ///   - quantity: The value and unit; `nil` for a meal.
    ///   - date: When it happened.
    ///   - syncIdentifier: The identifier derived from the January log.
    ///   - syncVersion: The version.
    ///   - fingerprint: A digest of the content, or `nil`.
    ///   - foodType: The meal's name, or `nil`.
    ///   - members: A meal's nutrient samples.
    public init(
        type: HealthDataType,
        quantity: HealthQuantity?,
        date: Date,
        syncIdentifier: String,
        syncVersion: Int64,
        fingerprint: String? = nil,
        foodType: String? = nil,
        members: [HealthEntry] = []
    ) {
        self.type = type
        self.quantity = quantity
        self.date = date
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
        self.fingerprint = fingerprint
        self.foodType = foodType
        self.members = members
    }

    /// What a store reads back once the entry is saved.
    var stored: HealthStoredEntry {
        HealthStoredEntry(
            type: type, syncIdentifier: syncIdentifier, syncVersion: syncVersion, fingerprint: fingerprint,
            members: members.map(\.stored))
    }
}
