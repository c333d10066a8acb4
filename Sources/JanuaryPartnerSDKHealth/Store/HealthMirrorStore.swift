/// Where the mirror keeps a user's logs: Apple Health through `HealthKitStore` on iOS, or your own fake in tests.
///
/// The mirror calls nothing here until the app calls it, and then only what that call needs: it reads the entries
/// it wrote itself (by their sync identifiers), saves an entry per changed log, and deletes what a log no longer
/// has. A store reports a failure by throwing; the mirror reports it in the log's ``HealthMirrorOutcome`` and never
/// tries again on its own.
public protocol HealthMirrorStore: Sendable {
    /// Asks the user for access to exactly these types.
    ///
    /// - Parameters:
    ///   - write: The types to write (share, in HealthKit's words).
    ///   - read: The types to read.
    /// - Throws: ``JanuaryHealthError``: `missing_usage_description` when the app's Info.plist lacks the key the
    ///   request needs, `health_data_unavailable` where the device has no Health.
    func requestAuthorization(toWrite write: Set<HealthDataType>, toRead read: Set<HealthDataType>) async throws

    /// Of `types`, those the user allowed the app to write.
    ///
    /// - Parameter types: The types to check.
    /// - Returns: The allowed ones.
    func authorizedToWrite(_ types: Set<HealthDataType>) -> Set<HealthDataType>

    /// The entries of one type this app wrote with any of `syncIdentifiers`, with a meal's members.
    ///
    /// - Parameters:
    ///   - type: `.food` or a quantity type.
    ///   - syncIdentifiers: The identifiers to look for.
    /// - Returns: What is stored; an identifier with nothing stored has no entry.
    /// - Throws: ``JanuaryHealthError`` when the store cannot be read.
    func mirroredEntries(of type: HealthDataType, syncIdentifiers: Set<String>) async throws -> [HealthStoredEntry]

    /// Saves one entry with its members, all or nothing; each replaces a stored object with its sync identifier and
    /// a lower version.
    ///
    /// - Parameter entry: The entry.
    /// - Throws: ``JanuaryHealthError`` when nothing was saved.
    func save(_ entry: HealthEntry) async throws

    /// Deletes entries this app wrote. A meal's members are listed on their own: deleting a meal deletes only the
    /// meal.
    ///
    /// - Parameter entries: The entries to delete.
    /// - Throws: ``JanuaryHealthError`` when they could not be deleted.
    func delete(_ entries: [HealthStoredEntry]) async throws
}
