#if canImport(HealthKit) && (os(iOS) || os(watchOS) || os(visionOS))
import Foundation
import HealthKit
import JanuaryCore

/// Apple Health, through HealthKit: the store ``HealthLogMirror`` writes to and ``HealthGlucosePredictor`` reads
/// from on a device.
///
/// A thin shell: every decision (what to write, when, in which unit) is made by the mirror and the predictor, which
/// are tested without HealthKit; this type only turns their values into HealthKit objects and queries.
///
/// - It asks for access with the types it is given, after checking the app's Info.plist for
///   `NSHealthUpdateUsageDescription` (writing) and `NSHealthShareUsageDescription` (reading): a missing key is a
///   ``JanuaryHealthError`` with code `missing_usage_description`, not the termination HealthKit would cause.
/// - It reads back only the entries this app wrote (HealthKit's default source) and only blood glucose for a
///   prediction.
/// - It logs nothing.
///
/// The app needs the HealthKit capability (entitlement) in Xcode besides the two Info.plist keys.
public final class HealthKitStore: HealthMirrorStore, GlucoseHistorySource {
    /// The metadata key of the digest of an entry's content (``HealthEntry/fingerprint``).
    public static let fingerprintMetadataKey = "ai.january.fingerprint"

    private let healthStore: HKHealthStore

    /// Creates the store; asks for nothing and reads nothing.
    public init() {
        healthStore = HKHealthStore()
    }

    /// Whether the device has Health data at all (not an iPad before iPadOS 17, for example).
    public static var isHealthDataAvailable: Bool {
        HKHealthStore.isHealthDataAvailable()
    }

    /// Asks the user for access to exactly these types, once Info.plist has the keys they need.
    ///
    /// - Parameters:
    ///   - write: The types to write.
    ///   - read: The types to read.
    /// - Throws: ``JanuaryHealthError``: `missing_usage_description`, `health_data_unavailable`, or what HealthKit
    ///   reports.
    public func requestAuthorization(toWrite write: Set<HealthDataType>, toRead read: Set<HealthDataType>)
        async throws
    {
        guard !write.isEmpty || !read.isEmpty else {
            return
        }
        try HealthUsageDescriptions.check(
            in: Bundle.main.infoDictionary, writing: !write.isEmpty, reading: !read.isEmpty)
        guard Self.isHealthDataAvailable else {
            throw JanuaryHealthError(code: .healthDataUnavailable, message: "This device has no Health data.")
        }
        let share = Set(try write.map { try Self.quantityType($0) as HKSampleType })
        let readTypes = Set(try read.map { try Self.quantityType($0) as HKObjectType })
        do {
            try await healthStore.requestAuthorization(toShare: share, read: readTypes)
        } catch {
            throw Self.healthError(error, "Health did not ask the user for access")
        }
    }

    /// Of `types`, those the user allowed the app to write.
    ///
    /// - Parameter types: The types to check.
    /// - Returns: The allowed ones.
    public func authorizedToWrite(_ types: Set<HealthDataType>) -> Set<HealthDataType> {
        types.filter { type in
            guard let quantityType = try? Self.quantityType(type) else {
                return false
            }
            return healthStore.authorizationStatus(for: quantityType) == .sharingAuthorized
        }
    }

    /// The entries of one type this app wrote with any of `syncIdentifiers`.
    ///
    /// - Parameters:
    ///   - type: `.food` or a quantity type.
    ///   - syncIdentifiers: The identifiers to look for.
    /// - Returns: What is stored, with a meal's members.
    /// - Throws: ``JanuaryHealthError`` when Health cannot be read.
    public func mirroredEntries(of type: HealthDataType, syncIdentifiers: Set<String>) async throws
        -> [HealthStoredEntry]
    {
        guard !syncIdentifiers.isEmpty else {
            return []
        }
        let predicate = NSCompoundPredicate(andPredicateWithSubpredicates: [
            HKQuery.predicateForObjects(from: HKSource.default()),
            HKQuery.predicateForObjects(
                withMetadataKey: HKMetadataKeySyncIdentifier, allowedValues: syncIdentifiers.sorted()),
        ])
        return try await samples(of: try Self.sampleType(type), matching: predicate) { samples in
            samples.compactMap(Self.storedEntry)
        }
    }

    /// Saves one entry with its members, all or nothing.
    ///
    /// - Parameter entry: The entry.
    /// - Throws: ``JanuaryHealthError``: `unsupported_value` for a type or unit HealthKit does not take; what
    ///   HealthKit reports.
    public func save(_ entry: HealthEntry) async throws {
        let object = try Self.object(entry)
        do {
            try await healthStore.save(object)
        } catch {
            throw Self.healthError(error, "Health did not save \(entry.syncIdentifier)")
        }
    }

    /// Deletes entries this app wrote, by type and sync identifier.
    ///
    /// - Parameter entries: The entries to delete.
    /// - Throws: ``JanuaryHealthError`` when they could not be deleted.
    public func delete(_ entries: [HealthStoredEntry]) async throws {
        // Samples before the meal that holds them: should one call fail, the meal is still there to be found and
        // deleted again with what is left of it.
        let byType = Dictionary(grouping: entries, by: \.type).sorted {
            ($0.key == .food ? 1 : 0, $0.key.rawValue) < ($1.key == .food ? 1 : 0, $1.key.rawValue)
        }
        for (type, entries) in byType {
            let predicate = NSCompoundPredicate(andPredicateWithSubpredicates: [
                HKQuery.predicateForObjects(from: HKSource.default()),
                HKQuery.predicateForObjects(
                    withMetadataKey: HKMetadataKeySyncIdentifier, allowedValues: entries.map(\.syncIdentifier).sorted()),
            ])
            do {
                _ = try await healthStore.deleteObjects(of: try Self.sampleType(type), predicate: predicate)
            } catch let error as JanuaryHealthError {
                throw error
            } catch {
                throw Self.healthError(error, "Health did not delete the entries of \(type)")
            }
        }
    }

    /// The user's blood-glucose readings from `start` up to `end`, in mg/dL as HealthKit converts them.
    ///
    /// - Parameters:
    ///   - start: The first instant.
    ///   - end: The instant after the last.
    /// - Returns: The readings.
    /// - Throws: ``JanuaryHealthError`` when Health cannot be read.
    public func glucoseReadings(from start: Date, to end: Date) async throws -> [HealthGlucoseReading] {
        let predicate = HKQuery.predicateForSamples(withStart: start, end: end, options: [])
        return try await samples(of: try Self.quantityType(.bloodGlucose), matching: predicate) { samples in
            // Made here: HKUnit is not Sendable, so it may not cross into this callback.
            let milligramsPerDeciliter = HKUnit.gramUnit(with: .milli).unitDivided(by: HKUnit.literUnit(with: .deci))
            return samples.compactMap { sample -> HealthGlucoseReading? in
                guard let sample = sample as? HKQuantitySample,
                    sample.quantity.is(compatibleWith: milligramsPerDeciliter)
                else {
                    return nil
                }
                return HealthGlucoseReading(
                    date: sample.startDate, value: sample.quantity.doubleValue(for: milligramsPerDeciliter),
                    unit: .milligramsPerDeciliter)
            }
        }
    }

    // MARK: Queries

    /// Runs a sample query and turns its samples into values inside HealthKit's callback, so that no HealthKit
    /// object crosses into the caller's task.
    private func samples<Value: Sendable>(
        of type: HKSampleType,
        matching predicate: NSPredicate,
        _ transform: @escaping @Sendable ([HKSample]) -> [Value]
    ) async throws -> [Value] {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKSampleQuery(
                sampleType: type, predicate: predicate, limit: HKObjectQueryNoLimit, sortDescriptors: nil
            ) { _, samples, error in
                if let error {
                    continuation.resume(throwing: Self.healthError(error, "Health could not be read"))
                } else {
                    continuation.resume(returning: transform(samples ?? []))
                }
            }
            healthStore.execute(query)
        }
    }

    private static func storedEntry(_ sample: HKSample) -> HealthStoredEntry? {
        guard let metadata = sample.metadata, let identifier = metadata[HKMetadataKeySyncIdentifier] as? String,
            let version = metadata[HKMetadataKeySyncVersion] as? NSNumber
        else {
            return nil
        }
        let members = (sample as? HKCorrelation)?.objects.compactMap(storedEntry) ?? []
        return HealthStoredEntry(
            type: HealthDataType(rawValue: sample.sampleType.identifier), syncIdentifier: identifier,
            syncVersion: version.int64Value, fingerprint: metadata[fingerprintMetadataKey] as? String,
            members: members.sorted { $0.syncIdentifier < $1.syncIdentifier })
    }

    // MARK: Objects

    private static func object(_ entry: HealthEntry) throws -> HKSample {
        var metadata: [String: Any] = [
            HKMetadataKeySyncIdentifier: entry.syncIdentifier,
            HKMetadataKeySyncVersion: NSNumber(value: entry.syncVersion),
        ]
        if let fingerprint = entry.fingerprint {
            metadata[fingerprintMetadataKey] = fingerprint
        }
        if let foodType = entry.foodType {
            metadata[HKMetadataKeyFoodType] = foodType
        }
        if entry.type == .food {
            guard let type = HKCorrelationType.correlationType(forIdentifier: .food) else {
                throw unsupported("HealthKit has no food correlation type")
            }
            let members = try entry.members.map(object)
            return HKCorrelation(
                type: type, start: entry.date, end: entry.date, objects: Set(members), metadata: metadata)
        }
        let type = try quantityType(entry.type)
        guard let quantity = entry.quantity, let unit = unit(quantity.unit), type.is(compatibleWith: unit),
            quantity.value.isFinite, quantity.value >= 0
        else {
            throw unsupported("HealthKit does not take this value for \(entry.type)")
        }
        return HKQuantitySample(
            type: type, quantity: HKQuantity(unit: unit, doubleValue: quantity.value), start: entry.date,
            end: entry.date, metadata: metadata)
    }

    private static func sampleType(_ type: HealthDataType) throws -> HKSampleType {
        if type == .food {
            guard let food = HKCorrelationType.correlationType(forIdentifier: .food) else {
                throw unsupported("HealthKit has no food correlation type")
            }
            return food
        }
        return try quantityType(type)
    }

    private static func quantityType(_ type: HealthDataType) throws -> HKQuantityType {
        guard
            let quantityType = HKQuantityType.quantityType(
                forIdentifier: HKQuantityTypeIdentifier(rawValue: type.rawValue))
        else {
            throw unsupported("HealthKit has no quantity type \(type)")
        }
        return quantityType
    }

    /// HealthKit's unit for each unit the mirror writes, made with HealthKit's constructors: `HKUnit(from:)` raises
    /// an Objective-C exception for a string it does not know.
    private static func unit(_ unit: HealthUnit) -> HKUnit? {
        switch unit {
        case .kilocalories: return .kilocalorie()
        case .grams: return .gram()
        case .milligrams: return .gramUnit(with: .milli)
        case .micrograms: return .gramUnit(with: .micro)
        case .milliliters: return .literUnit(with: .milli)
        case .fluidOuncesUS: return .fluidOunceUS()
        case .cupsUS: return .cupUS()
        case .kilograms: return .gramUnit(with: .kilo)
        case .pounds: return .pound()
        default: return nil
        }
    }

    private static func unsupported(_ message: String) -> JanuaryHealthError {
        JanuaryHealthError(code: .unsupportedValue, message: message + ".")
    }

    /// HealthKit's error as a ``JanuaryHealthError`` of the matching code; the underlying error is kept, its message
    /// never copied.
    private static func healthError(_ error: any Error, _ what: String) -> JanuaryHealthError {
        if let error = error as? JanuaryHealthError {
            return error
        }
        let code: JanuaryHealthError.Code
        switch (error as? HKError)?.code {
        case .errorAuthorizationDenied?, .errorAuthorizationNotDetermined?: code = .authorizationDenied
        case .errorHealthDataUnavailable?, .errorHealthDataRestricted?: code = .healthDataUnavailable
        default: code = .storeFailed
        }
        return JanuaryHealthError(code: code, message: what + ".", underlyingError: error)
    }
}
#endif
