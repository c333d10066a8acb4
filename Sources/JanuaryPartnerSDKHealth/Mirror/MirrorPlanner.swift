import Foundation
import JanuaryPartnerSDK

/// The mirror's decisions, without I/O: which entry a change asks for (``intent(for:)``), and, once the store said
/// what it holds, what to do (``step(for:stored:)``). Every rule of the mirror is a case of these two functions.
struct MirrorPlanner {
    /// The kinds the mirror was made for.
    let kinds: HealthMirrorKinds

    /// The types the user allowed the app to write, among those of ``kinds``.
    let authorized: Set<HealthDataType>

    /// What a change asks for, before the store is read.
    struct Intent {
        let change: HealthLogChange
        /// The type under which the log's entry is stored: `.food`, water or body mass.
        let type: HealthDataType
        let syncIdentifier: String?
        /// The entry to write (version 0 until the stored one is known); `nil` to have none.
        let desired: HealthEntry?
        let isDeletion: Bool
        let omitted: [String]
        /// The outcome, when it is known without reading the store.
        let decided: HealthMirrorOutcome?
    }

    /// What to do once the store's entry is known.
    enum Step {
        case done(HealthMirrorOutcome)
        /// Delete `stale` (a meal's members the new version no longer has), then save `entry`.
        case save(HealthEntry, deletingFirst: [HealthStoredEntry])
        /// Delete the entry and its members.
        case delete([HealthStoredEntry])
    }

    func intent(for change: HealthLogChange) -> Intent {
        switch change.log {
        case .food(let log):
            return foodIntent(change, log.id, log: log)
        case .deletedFood(let id):
            return foodIntent(change, id, log: nil)
        case .water(let log):
            let quantity = Self.waterUnits[log.amount.unit].map { HealthQuantity(value: log.amount.value, unit: $0) }
            return sampleIntent(
                change, kind: .waterLogs, type: .dietaryWater, HealthSyncIdentifier.waterLog(log.id),
                idProblem: "The water log's id is not a UUID.", quantity: quantity, date: log.consumedAt)
        case .deletedWater(let id):
            return sampleIntent(
                change, kind: .waterLogs, type: .dietaryWater, HealthSyncIdentifier.waterLog(id),
                idProblem: "The water log's id is not a UUID.", quantity: nil, date: nil)
        case .weight(let log):
            let quantity = Self.weightUnits[log.weight.unit].map { HealthQuantity(value: log.weight.value, unit: $0) }
            return sampleIntent(
                change, kind: .weightLogs, type: .bodyMass, HealthSyncIdentifier.weightLog(measuredAt: log.measuredAt),
                idProblem: "The weight log's measured_at is not a real instant.", quantity: quantity,
                date: log.measuredAt)
        }
    }

    static func step(for intent: Intent, stored: HealthStoredEntry?) -> Step {
        if let decided = intent.decided {
            return .done(decided)
        }
        let outcome = { (status: HealthMirrorOutcome.Status, version: Int64?) in
            HealthMirrorOutcome(
                intent.change, status, syncIdentifier: intent.syncIdentifier, syncVersion: version,
                omittedNutrients: intent.omitted)
        }
        guard let entry = intent.desired else {
            guard let stored else {
                return .done(outcome(intent.isDeletion ? .notInHealth : .nothingToWrite, nil))
            }
            return .delete([stored] + stored.members)
        }
        guard let stored else {
            return .save(entry.withVersion(1), deletingFirst: [])
        }
        if stored.fingerprint == entry.fingerprint {
            return .done(outcome(.unchanged, stored.syncVersion))
        }
        guard stored.syncVersion < Int64.max else {
            return .done(
                HealthMirrorOutcome(
                    intent.change, .failed, syncIdentifier: intent.syncIdentifier, omittedNutrients: intent.omitted,
                    error: JanuaryHealthError(
                        code: .unsupportedValue, message: "The entry in Health has the highest sync version already.")
                ))
        }
        let kept = Set(entry.members.map(\.syncIdentifier))
        return .save(
            entry.withVersion(stored.syncVersion + 1),
            deletingFirst: stored.members.filter { !kept.contains($0.syncIdentifier) })
    }

    // MARK: Meals

    private func foodIntent(_ change: HealthLogChange, _ id: FoodLogID?, log: FoodLog?) -> Intent {
        let foodTypes = kinds.contains(.foodLogs) ? HealthMirrorKinds.foodLogs.writtenTypes : []
        let syncIdentifier = id.flatMap(HealthSyncIdentifier.foodLog)
        func decided(_ status: HealthMirrorOutcome.Status, _ error: JanuaryHealthError? = nil) -> Intent {
            Intent(
                change: change, type: .food, syncIdentifier: syncIdentifier, desired: nil, isDeletion: log == nil,
                omitted: [], decided: HealthMirrorOutcome(change, status, syncIdentifier: syncIdentifier, error: error))
        }
        guard !foodTypes.isEmpty else {
            return decided(.notEnabled)
        }
        guard let syncIdentifier else {
            return decided(
                .failed,
                JanuaryHealthError(
                    code: .invalidLogID,
                    message: "The food log has no id, or one that is not a UUID: it cannot be mirrored."))
        }
        guard !foodTypes.isDisjoint(with: authorized) else {
            return decided(.notAuthorized)
        }
        guard let log else {
            return Intent(
                change: change, type: .food, syncIdentifier: syncIdentifier, desired: nil, isDeletion: true,
                omitted: [], decided: nil)
        }
        guard HealthSyncIdentifier.milliseconds(log.eatenAt) != nil else {
            return decided(
                .failed,
                JanuaryHealthError(code: .unsupportedValue, message: "The food log's eaten_at is not a real instant."))
        }
        var members: [HealthEntry] = []
        var omitted: [String] = []
        let foodType = Self.foodType(of: log)
        for mapping in HealthNutrientMapping.all {
            let amounts = log.foods.compactMap { mapping.amount($0.nutrients) }
            guard !amounts.isEmpty else {
                continue
            }
            let values = amounts.map(mapping.convert)
            guard authorized.contains(mapping.type), !values.contains(nil) else {
                omitted.append(mapping.januaryKey)
                continue
            }
            members.append(
                HealthEntry(
                    type: mapping.type,
                    quantity: HealthQuantity(value: values.reduce(0) { $0 + ($1 ?? 0) }, unit: mapping.unit),
                    date: log.eatenAt,
                    syncIdentifier: syncIdentifier + ":" + mapping.januaryKey,
                    syncVersion: 0,
                    foodType: foodType))
        }
        var desired: HealthEntry?
        if !members.isEmpty {
            var meal = HealthEntry(
                type: .food, quantity: nil, date: log.eatenAt, syncIdentifier: syncIdentifier, syncVersion: 0,
                foodType: foodType, members: members)
            meal.fingerprint = HealthFingerprint.of(meal)
            desired = meal
        }
        return Intent(
            change: change, type: .food, syncIdentifier: syncIdentifier, desired: desired, isDeletion: false,
            omitted: omitted, decided: nil)
    }

    /// The meal's name; without one, its foods' names, so that Health does not show a nameless "Food".
    static func foodType(of log: FoodLog) -> String? {
        if let name = log.name, name.contains(where: { !$0.isWhitespace }) {
            return name
        }
        let names = log.foods.compactMap(\.name).filter { $0.contains(where: { !$0.isWhitespace }) }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    // MARK: Water and weight

    /// January's water units and HealthKit's same units: written as logged, HealthKit converts.
    static let waterUnits: [VolumeUnit: HealthUnit] = [
        .milliliters: .milliliters, .fluidOunces: .fluidOuncesUS, .cups: .cupsUS,
    ]

    /// January's weight units and HealthKit's same units.
    static let weightUnits: [WeightUnit: HealthUnit] = [.kilograms: .kilograms, .pounds: .pounds]

    /// A water or weight change: one sample, or its deletion when `date` is `nil`.
    private func sampleIntent(
        _ change: HealthLogChange,
        kind: HealthMirrorKinds,
        type: HealthDataType,
        _ syncIdentifier: String?,
        idProblem: String,
        quantity: HealthQuantity?,
        date: Date?
    ) -> Intent {
        func decided(_ status: HealthMirrorOutcome.Status, _ error: JanuaryHealthError? = nil) -> Intent {
            Intent(
                change: change, type: type, syncIdentifier: syncIdentifier, desired: nil, isDeletion: date == nil,
                omitted: [], decided: HealthMirrorOutcome(change, status, syncIdentifier: syncIdentifier, error: error))
        }
        guard kinds.contains(kind) else {
            return decided(.notEnabled)
        }
        guard let syncIdentifier else {
            return decided(.failed, JanuaryHealthError(code: .invalidLogID, message: idProblem))
        }
        guard authorized.contains(type) else {
            return decided(.notAuthorized)
        }
        guard let date else {
            return Intent(
                change: change, type: type, syncIdentifier: syncIdentifier, desired: nil, isDeletion: true,
                omitted: [], decided: nil)
        }
        guard let quantity else {
            return decided(
                .failed,
                JanuaryHealthError(
                    code: .unsupportedValue, message: "The log's unit has no equivalent in HealthKit for \(type)."))
        }
        guard quantity.value.isFinite, quantity.value > 0, HealthSyncIdentifier.milliseconds(date) != nil else {
            return decided(
                .failed,
                JanuaryHealthError(
                    code: .unsupportedValue,
                    message: "The log's \(type) is not a positive finite amount at a real instant."))
        }
        var entry = HealthEntry(
            type: type, quantity: quantity, date: date, syncIdentifier: syncIdentifier, syncVersion: 0)
        entry.fingerprint = HealthFingerprint.of(entry)
        return Intent(
            change: change, type: type, syncIdentifier: syncIdentifier, desired: entry, isDeletion: false,
            omitted: [], decided: nil)
    }
}

extension HealthEntry {
    /// The entry and its members at `version`.
    func withVersion(_ version: Int64) -> HealthEntry {
        var entry = self
        entry.syncVersion = version
        entry.members = members.map { $0.withVersion(version) }
        return entry
    }
}
