/// What a ``HealthMirrorStore`` holds for an entry the mirror wrote earlier: its identity, version and digest, and a
/// meal's members. Never the values: the mirror decides from the digest alone.
public struct HealthStoredEntry: Sendable, Hashable {
    /// `.food` for a meal, otherwise the quantity type.
    public var type: HealthDataType

    /// The entry's `HKMetadataKeySyncIdentifier`.
    public var syncIdentifier: String

    /// The entry's `HKMetadataKeySyncVersion`.
    public var syncVersion: Int64

    /// The digest stored with the entry; `nil` when it has none.
    public var fingerprint: String?

    /// A meal's member samples, each with its own identifier and version; empty for any other entry.
    public var members: [HealthStoredEntry]

    /// Creates a stored entry, as a store (or your fake of one) reads it.
    ///
    /// - Parameters:
    ///   - type: `.food` for a meal, otherwise the quantity type.
    ///   - syncIdentifier: The entry's sync identifier.
    ///   - syncVersion: The entry's sync version.
    ///   - fingerprint: The digest stored with it.
    ///   - members: A meal's member samples.
    public init(
        type: HealthDataType,
        syncIdentifier: String,
        syncVersion: Int64,
        fingerprint: String? = nil,
        members: [HealthStoredEntry] = []
    ) {
        self.type = type
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
        self.fingerprint = fingerprint
        self.members = members
    }
}
