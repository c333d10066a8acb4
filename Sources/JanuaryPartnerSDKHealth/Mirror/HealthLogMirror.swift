import Foundation
import JanuaryPartnerSDK

/// Mirrors a user's January logs into Apple Health, idempotently: a meal becomes a food correlation with energy and
/// one sample per nutrient, a drink of water a `dietaryWater` sample, a weight a `bodyMass` sample.
///
/// Give it each log January has, as January returned it, and each deletion, once January has made it:
///
/// <!-- docs-check: apple-only -->
/// ```swift
/// let mirror = HealthLogMirror(kinds: [.foodLogs, .waterLogs], store: HealthKitStore())
/// try await mirror.requestAuthorization()
/// let log = try await user.foodLogs.create(CreateFoodLogRequest(foods: meal))
/// let outcome = await mirror.apply(.saved(log))
/// show(outcome)
/// ```
///
/// - Every entry carries a sync identifier derived from the log (``HealthSyncIdentifier``) and a sync version:
///   mirroring a log again writes nothing when Health holds it as it is (`.unchanged`),
///   and replaces its entry when it changed; a deletion removes the entry and its samples.
/// - Mirroring is opt-in: only ``kinds`` are written, and ``requestAuthorization()`` asks for their types alone.
///   A type the user did not allow is left out.
/// - The mirror reads and writes Health only inside ``apply(_:)->HealthMirrorOutcome`` (or its batch form) and
///   ``requestAuthorization()``. A failure is reported in the log's outcome, not retried by the mirror: call again
///   when it makes sense.
/// - Calls to one mirror run one after another, in the order they were made; make one mirror for the app.
///
/// Docs/Health.md names the test behind each of these rules.
public final class HealthLogMirror: Sendable {
    /// The kinds of log this mirror writes.
    public let kinds: HealthMirrorKinds

    private let store: any HealthMirrorStore
    private let serializer = MirrorSerializer()

    /// Creates a mirror; reads and writes nothing.
    ///
    /// - Parameters:
    ///   - kinds: The kinds of log to write.
    ///   - store: Where to write: `HealthKitStore` on iOS, or a fake in tests.
    public init(kinds: HealthMirrorKinds, store: any HealthMirrorStore) {
        self.kinds = kinds
        self.store = store
    }

    /// Asks the user to allow writing the types of ``kinds`` (``HealthMirrorKinds/writtenTypes``), and nothing to
    /// read; with no kinds, asks nothing. HealthKit asks once per type; later calls return at once.
    ///
    /// - Throws: ``JanuaryHealthError``: `missing_usage_description` when the Info.plist lacks
    ///   `NSHealthUpdateUsageDescription`, `health_data_unavailable` where the device has no Health.
    public func requestAuthorization() async throws {
        guard !kinds.isEmpty else {
            return
        }
        try await store.requestAuthorization(toWrite: kinds.writtenTypes, toRead: [])
    }

    /// Mirrors one change.
    ///
    /// - Parameter change: A log January saved or deleted.
    /// - Returns: What was done; a failure is reported here, not thrown.
    public func apply(_ change: HealthLogChange) async -> HealthMirrorOutcome {
        await apply([change])[0]
    }

    /// Mirrors changes in order, reading the store once per type for all of them.
    ///
    /// - Parameter changes: Logs January saved or deleted.
    /// - Returns: One outcome per change, in the same order.
    public func apply(_ changes: [HealthLogChange]) async -> [HealthMirrorOutcome] {
        guard !changes.isEmpty else {
            return []
        }
        return await serializer.run { [kinds, store] in
            await Self.run(changes, kinds: kinds, store: store)
        }
    }

    private static func run(
        _ changes: [HealthLogChange], kinds: HealthMirrorKinds, store: any HealthMirrorStore
    ) async -> [HealthMirrorOutcome] {
        let written = kinds.writtenTypes
        let planner = MirrorPlanner(
            kinds: kinds, authorized: written.isEmpty ? [] : store.authorizedToWrite(written).intersection(written))
        let intents = changes.map(planner.intent(for:))

        // One read per type, for every identifier of the batch.
        var lookups: [HealthDataType: Set<String>] = [:]
        for intent in intents where intent.decided == nil {
            if let identifier = intent.syncIdentifier {
                lookups[intent.type, default: []].insert(identifier)
            }
        }
        var stored: [String: HealthStoredEntry] = [:]
        var readFailures: [HealthDataType: JanuaryHealthError] = [:]
        for (type, identifiers) in lookups.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            do {
                for entry in try await store.mirroredEntries(of: type, syncIdentifiers: identifiers)
                where identifiers.contains(entry.syncIdentifier) {
                    stored[entry.syncIdentifier] = entry
                }
            } catch {
                readFailures[type] = storeError(error, "Health could not be read")
            }
        }

        var outcomes: [HealthMirrorOutcome] = []
        for intent in intents {
            let identifier = intent.syncIdentifier ?? ""
            if intent.decided == nil, let failure = readFailures[intent.type] {
                outcomes.append(failed(intent, failure))
                continue
            }
            switch MirrorPlanner.step(for: intent, stored: stored[identifier]) {
            case .done(let outcome):
                outcomes.append(outcome)
            case .save(let entry, let stale):
                do {
                    if !stale.isEmpty {
                        try await store.delete(stale)
                        let gone = Set(stale.map(\.syncIdentifier))
                        stored[identifier]?.members.removeAll { gone.contains($0.syncIdentifier) }
                    }
                    try await store.save(entry)
                    stored[identifier] = entry.stored
                    outcomes.append(
                        HealthMirrorOutcome(
                            intent.change, .written, syncIdentifier: intent.syncIdentifier,
                            syncVersion: entry.syncVersion, omittedNutrients: intent.omitted))
                } catch {
                    outcomes.append(failed(intent, storeError(error, "The log could not be written to Health")))
                }
            case .delete(let entries):
                do {
                    try await store.delete(entries)
                    stored[identifier] = nil
                    outcomes.append(
                        HealthMirrorOutcome(
                            intent.change, .removed, syncIdentifier: intent.syncIdentifier,
                            omittedNutrients: intent.omitted))
                } catch {
                    outcomes.append(failed(intent, storeError(error, "The log could not be removed from Health")))
                }
            }
        }
        return outcomes
    }

    private static func failed(_ intent: MirrorPlanner.Intent, _ error: JanuaryHealthError) -> HealthMirrorOutcome {
        HealthMirrorOutcome(
            intent.change, .failed, syncIdentifier: intent.syncIdentifier, omittedNutrients: intent.omitted,
            error: error)
    }

    /// A store's error as it is, or any other wrapped with its type only.
    static func storeError(_ error: any Error, _ what: String) -> JanuaryHealthError {
        (error as? JanuaryHealthError)
            ?? JanuaryHealthError(code: .storeFailed, message: what + ".", underlyingError: error)
    }
}
