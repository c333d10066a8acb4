import Foundation
import JanuaryCore
import JanuaryPartnerSDKHealth

/// A recorded fake of Health behind the mirror's and the predictor's protocols, with HealthKit's rules: one object
/// per sync identifier; a save is all or nothing, refused for a type the user did not allow, and replaces an object
/// with the same identifier only when its version is greater (an equal or lower version is counted in `ignored`,
/// which the mirror must never cause); deleting a meal deletes only the meal.
final class RecordingHealthStore: HealthMirrorStore, GlucoseHistorySource, Sendable {
    /// One object as HealthKit would hold it.
    struct Object: Hashable, Sendable {
        var entry: HealthEntry
        /// A meal's members by identifier; the members are objects of their own.
        var memberIDs: [String]
    }

    enum Call: Hashable, Sendable {
        case requestAuthorization(write: Set<HealthDataType>, read: Set<HealthDataType>)
        case authorizedToWrite
        case read(HealthDataType, Set<String>)
        case save(String)
        case delete([String])
        case glucose(Date, Date)
    }

    enum Operation: Hashable, Sendable {
        case read, save, delete, glucose
    }

    struct State: Sendable {
        var objects: [String: Object] = [:]
        var authorized: Set<HealthDataType>
        var calls: [Call] = []
        var inserted = 0
        var replaced = 0
        var ignored = 0
        var deleted = 0
        var failures: [Operation: [JanuaryHealthError]] = [:]
        var readings: [HealthGlucoseReading] = []
        /// How many times a read gives other tasks their turn before it answers, as HealthKit's query callback would.
        var readYields = 0
        var readsInFlight = 0
        var mostReadsInFlight = 0
    }

    let state: Locked<State>

    /// A store where the user allowed `authorized` (every type the mirror writes by default).
    init(authorized: Set<HealthDataType> = HealthMirrorKinds.all.writtenTypes) {
        state = Locked(State(authorized: authorized))
    }

    var calls: [Call] { state.withLock { $0.calls } }
    var objectCount: Int { state.withLock { $0.objects.count } }
    /// Samples HealthKit would have written: new ones and replacements.
    var samplesWritten: Int { state.withLock { $0.inserted + $0.replaced } }
    var saveCalls: Int { calls.filter { if case .save = $0 { true } else { false } }.count }
    var readCalls: Int { calls.filter { if case .read = $0 { true } else { false } }.count }

    func object(_ syncIdentifier: String) -> Object? {
        state.withLock { $0.objects[syncIdentifier] }
    }

    /// Makes the next `count` calls of `operation` throw `error`.
    func fail(
        _ operation: Operation, times count: Int = 1,
        with error: JanuaryHealthError = .init(
            code: .storeFailed, message: "Scripted failure.")
    ) {
        state.withLock { $0.failures[operation, default: []] += Array(repeating: error, count: count) }
    }

    private func scriptedFailure(_ operation: Operation, _ state: inout State) -> JanuaryHealthError? {
        guard var pending = state.failures[operation], !pending.isEmpty else {
            return nil
        }
        let error = pending.removeFirst()
        state.failures[operation] = pending
        return error
    }

    func requestAuthorization(toWrite write: Set<HealthDataType>, toRead read: Set<HealthDataType>) async throws {
        state.withLock { $0.calls.append(.requestAuthorization(write: write, read: read)) }
    }

    func authorizedToWrite(_ types: Set<HealthDataType>) -> Set<HealthDataType> {
        state.withLock { state in
            state.calls.append(.authorizedToWrite)
            return types.intersection(state.authorized)
        }
    }

    func mirroredEntries(of type: HealthDataType, syncIdentifiers: Set<String>) async throws -> [HealthStoredEntry] {
        let yields = state.withLock { state in
            state.readsInFlight += 1
            state.mostReadsInFlight = max(state.mostReadsInFlight, state.readsInFlight)
            return state.readYields
        }
        for _ in 0..<yields {
            await Task.yield()
        }
        return try state.withLock { state in
            state.readsInFlight -= 1
            state.calls.append(.read(type, syncIdentifiers))
            if let error = scriptedFailure(.read, &state) {
                throw error
            }
            return syncIdentifiers.sorted().compactMap { identifier in
                guard let object = state.objects[identifier], object.entry.type == type else {
                    return nil
                }
                let members = object.memberIDs.compactMap { state.objects[$0] }.map { member in
                    HealthStoredEntry(
                        type: member.entry.type, syncIdentifier: member.entry.syncIdentifier,
                        syncVersion: member.entry.syncVersion)
                }
                return HealthStoredEntry(
                    type: object.entry.type, syncIdentifier: identifier, syncVersion: object.entry.syncVersion,
                    fingerprint: object.entry.fingerprint, members: members)
            }
        }
    }

    func save(_ entry: HealthEntry) async throws {
        try state.withLock { state in
            state.calls.append(.save(entry.syncIdentifier))
            if let error = scriptedFailure(.save, &state) {
                throw error
            }
            let all = entry.members + [entry]
            for object in all where object.type != .food && !state.authorized.contains(object.type) {
                throw JanuaryHealthError(code: .authorizationDenied, message: "Not allowed to write \(object.type).")
            }
            for object in all {
                let stored = Object(entry: object, memberIDs: object.members.map(\.syncIdentifier))
                if let existing = state.objects[object.syncIdentifier] {
                    if object.syncVersion > existing.entry.syncVersion {
                        state.objects[object.syncIdentifier] = stored
                        state.replaced += 1
                    } else {
                        state.ignored += 1
                    }
                } else {
                    state.objects[object.syncIdentifier] = stored
                    state.inserted += 1
                }
            }
        }
    }

    func delete(_ entries: [HealthStoredEntry]) async throws {
        try state.withLock { state in
            state.calls.append(.delete(entries.map(\.syncIdentifier)))
            if let error = scriptedFailure(.delete, &state) {
                throw error
            }
            for entry in entries where state.objects.removeValue(forKey: entry.syncIdentifier) != nil {
                state.deleted += 1
            }
        }
    }

    func glucoseReadings(from start: Date, to end: Date) async throws -> [HealthGlucoseReading] {
        try state.withLock { state in
            state.calls.append(.glucose(start, end))
            if let error = scriptedFailure(.glucose, &state) {
                throw error
            }
            // Everything, in no particular order: the history must keep to its period itself.
            return state.readings.reversed()
        }
    }
}
