import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDK
import Testing

@testable import JanuaryPartnerSDKHealth

@Suite("The mirror writes each log to Health once, replaces it on update and removes it on delete", suiteTimeLimit())
struct HealthLogMirrorTests {
    static let mealID = HealthSyncIdentifier.foodLog(FoodLogID(rawValue: Logs.uuid(0)))!

    @Test("nothing is read or written before the app calls the mirror")
    func nothingBeforeACall() {
        let store = RecordingHealthStore()
        _ = HealthLogMirror(kinds: .all, store: store)
        #expect(store.calls.isEmpty)
    }

    @Test(
        "authorisation asks to write exactly the mirrored types, and to read nothing",
        arguments: [HealthMirrorKinds.foodLogs, .waterLogs, .weightLogs, [.waterLogs, .weightLogs], .all])
    func authorisation(kinds: HealthMirrorKinds) async throws {
        let store = RecordingHealthStore()
        try await HealthLogMirror(kinds: kinds, store: store).requestAuthorization()
        #expect(store.calls == [.requestAuthorization(write: kinds.writtenTypes, read: [])])
    }

    @Test("a mirror of no kinds asks for nothing")
    func noKinds() async throws {
        let store = RecordingHealthStore()
        try await HealthLogMirror(kinds: [], store: store).requestAuthorization()
        #expect(store.calls.isEmpty)
    }

    @Test("a meal is one food correlation at eaten_at with one sample per nutrient, its unit and its name")
    func meal() async throws {
        let store = RecordingHealthStore()
        let mirror = HealthLogMirror(kinds: .foodLogs, store: store)
        let log = Logs.food(
            nutrients: [
                NutritionFacts(
                    calories: .init(value: 250, unit: .kilocalories), protein: .init(value: 12, unit: .grams),
                    netCarbohydrates: .init(value: 20, unit: .grams), sodium: .init(value: 300, unit: .milligrams)),
                NutritionFacts(
                    calories: .init(value: 105, unit: .kilocalories), protein: .init(value: 1300, unit: .milligrams),
                    sodium: .init(value: 0.001, unit: .grams), vitaminD: .init(value: 40, unit: .internationalUnits)),
            ])
        let outcome = await mirror.apply(.saved(log))
        #expect(outcome.status == .written)
        #expect(outcome.syncIdentifier == Self.mealID)
        #expect(outcome.syncVersion == 1)
        #expect(outcome.omittedNutrients.isEmpty)
        let meal = try #require(store.object(Self.mealID))
        #expect(meal.entry.type == .food)
        #expect(meal.entry.date == Logs.eatenAt)
        #expect(meal.entry.foodType == "Lunch")
        #expect(meal.entry.syncVersion == 1)
        #expect(meal.entry.fingerprint != nil)
        let members = Dictionary(uniqueKeysWithValues: meal.entry.members.map { ($0.type, $0) })
        #expect(members.count == 4)
        #expect(members[.dietaryEnergyConsumed]?.quantity == HealthQuantity(value: 355, unit: .kilocalories))
        #expect(members[.dietaryProtein]?.quantity == HealthQuantity(value: 13.3, unit: .grams))
        #expect(members[.dietarySodium]?.quantity == HealthQuantity(value: 301, unit: .milligrams))
        #expect(members[.dietaryVitaminD]?.quantity == HealthQuantity(value: 1, unit: .micrograms))
        for member in meal.entry.members {
            #expect(member.date == Logs.eatenAt)
            #expect(member.syncVersion == 1)
            #expect(member.foodType == "Lunch")
            #expect(member.syncIdentifier.hasPrefix(Self.mealID + ":"))
            #expect(store.object(member.syncIdentifier) != nil)
        }
        #expect(store.objectCount == 5)
        #expect(store.state.withLock { $0.ignored } == 0)
    }

    @Test(
        "a meal without a name is named after its foods, or has no name",
        arguments: [("Breakfast", "Breakfast"), ("  ", "Food 0"), (nil, "Food 0")] as [(String?, String?)])
    func mealName(name: String?, expected: String?) async {
        let store = RecordingHealthStore()
        _ = await HealthLogMirror(kinds: .foodLogs, store: store).apply(.saved(Logs.food(name: name)))
        #expect(store.object(Self.mealID)?.entry.foodType == expected)
    }

    @Test(
        "water is one dietaryWater sample and weight one bodyMass sample, in the unit logged",
        arguments: [
            (
                HealthLogChange.saved(Logs.water(0, .milliliters(250))), HealthDataType.dietaryWater,
                HealthQuantity(value: 250, unit: .milliliters)
            ),
            (.saved(Logs.water(0, .fluidOunces(8))), .dietaryWater, HealthQuantity(value: 8, unit: .fluidOuncesUS)),
            (.saved(Logs.water(0, .cups(1.5))), .dietaryWater, HealthQuantity(value: 1.5, unit: .cupsUS)),
            (.saved(Logs.weight(72.5, .kilograms)), .bodyMass, HealthQuantity(value: 72.5, unit: .kilograms)),
            (.saved(Logs.weight(160, .pounds)), .bodyMass, HealthQuantity(value: 160, unit: .pounds)),
        ])
    func samples(change: HealthLogChange, type: HealthDataType, quantity: HealthQuantity) async throws {
        let store = RecordingHealthStore()
        let outcome = await HealthLogMirror(kinds: .all, store: store).apply(change)
        #expect(outcome.status == .written)
        let identifier = try #require(outcome.syncIdentifier)
        let object = try #require(store.object(identifier))
        #expect(object.entry.type == type)
        #expect(object.entry.quantity == quantity)
        #expect(object.entry.date == Logs.eatenAt)
        #expect(object.entry.syncVersion == 1)
        #expect(store.objectCount == 1)
    }

    static func hundredLogs() -> [HealthLogChange] {
        (0..<100).map { index in
            switch index % 3 {
            case 0: .saved(Logs.food(index))
            case 1: .saved(Logs.water(index, .milliliters(Double(100 + index))))
            default: .saved(Logs.weight(60 + Double(index) / 10, at: Logs.eatenAt.addingTimeInterval(Double(index))))
            }
        }
    }

    @Test("a re-sync of the same 100 logs writes no new samples")
    func resync() async {
        let store = RecordingHealthStore()
        let mirror = HealthLogMirror(kinds: .all, store: store)
        let changes = Self.hundredLogs()
        let first = await mirror.apply(changes)
        #expect(first.map(\.status) == Array(repeating: .written, count: 100))
        let objects = store.objectCount
        let written = store.samplesWritten
        let saves = store.saveCalls
        // 34 meals of 3 samples and a correlation, 33 water and 33 weight samples.
        #expect(objects == 34 * 4 + 33 + 33)
        #expect(written == objects)
        #expect(saves == 100)

        for _ in 0..<2 {
            let again = await mirror.apply(changes)
            #expect(again.map(\.status) == Array(repeating: .unchanged, count: 100))
            #expect(again.map(\.syncVersion) == Array(repeating: 1, count: 100))
        }
        #expect(store.objectCount == objects)
        #expect(store.samplesWritten == written)
        #expect(store.saveCalls == saves)
        // One read per type for each batch of 100, never one per log.
        #expect(store.readCalls == 3 * 3)
        #expect(store.state.withLock { $0.ignored } == 0)

        // One at a time too.
        for change in changes.prefix(10) {
            #expect(await mirror.apply(change).status == .unchanged)
        }
        #expect(store.samplesWritten == written)
    }

    @Test("an update replaces the meal's samples: same identifiers, a greater version, no sample added")
    func update() async throws {
        let store = RecordingHealthStore()
        let mirror = HealthLogMirror(kinds: .foodLogs, store: store)
        _ = await mirror.apply(.saved(Logs.food()))
        #expect(store.objectCount == 4)

        var changed = Logs.food()
        changed.foods[0].nutrients.protein = .init(value: 20, unit: .grams)
        let outcome = await mirror.apply(.saved(changed))
        #expect(outcome.status == .written)
        #expect(outcome.syncVersion == 2)
        #expect(store.objectCount == 4)
        #expect(store.state.withLock { ($0.inserted, $0.replaced, $0.ignored) } == (4, 4, 0))
        let meal = try #require(store.object(Self.mealID))
        #expect(meal.entry.syncVersion == 2)
        #expect(store.object(Self.mealID + ":protein")?.entry.quantity?.value == 20)
        #expect(store.object(Self.mealID + ":protein")?.entry.syncVersion == 2)

        // A nutrient the meal no longer has is deleted, not left to count in Health; a new one is added.
        var fewer = changed
        fewer.foods[0].nutrients.sodium = nil
        fewer.foods[0].nutrients.fiber = .init(value: 3, unit: .grams)
        let third = await mirror.apply(.saved(fewer))
        #expect(third.syncVersion == 3)
        #expect(store.object(Self.mealID + ":sodium") == nil)
        #expect(store.object(Self.mealID + ":fiber")?.entry.syncVersion == 3)
        #expect(
            store.object(Self.mealID)?.memberIDs.sorted() == [
                Self.mealID + ":calories", Self.mealID + ":fiber", Self.mealID + ":protein",
            ])
        #expect(store.objectCount == 4)
        #expect(store.state.withLock { $0.ignored } == 0)

        // A new name or time is an update too.
        var renamed = fewer
        renamed.name = "Late lunch"
        #expect(await mirror.apply(.saved(renamed)).syncVersion == 4)
        #expect(await mirror.apply(.saved(renamed)).status == .unchanged)
    }

    @Test("a delete removes the meal and its samples, or the water; deleting again finds nothing")
    func delete() async {
        let store = RecordingHealthStore()
        let mirror = HealthLogMirror(kinds: .all, store: store)
        _ = await mirror.apply([.saved(Logs.food(1)), .saved(Logs.water(2)), .saved(Logs.food(3))])
        #expect(store.objectCount == 9)
        let removed = await mirror.apply([
            .deleted(FoodLogID(rawValue: Logs.uuid(1))), .deleted(WaterLogID(rawValue: Logs.uuid(2))),
        ])
        #expect(removed.map(\.status) == [.removed, .removed])
        #expect(store.objectCount == 4)
        #expect(store.object(HealthSyncIdentifier.foodLog(FoodLogID(rawValue: Logs.uuid(3)))!) != nil)
        let again = await mirror.apply([
            .deleted(FoodLogID(rawValue: Logs.uuid(1))), .deleted(WaterLogID(rawValue: Logs.uuid(2))),
        ])
        #expect(again.map(\.status) == [.notInHealth, .notInHealth])
        #expect(store.objectCount == 4)
    }

    @Test("an entry the user deleted in Health comes back when its log is mirrored again")
    func deletedInHealth() async {
        let store = RecordingHealthStore()
        let mirror = HealthLogMirror(kinds: .waterLogs, store: store)
        let identifier = await mirror.apply(.saved(Logs.water())).syncIdentifier ?? ""
        store.state.withLock { _ = $0.objects.removeValue(forKey: identifier) }
        let again = await mirror.apply(.saved(Logs.water()))
        #expect(again.status == .written)
        #expect(again.syncVersion == 1)
        #expect(store.objectCount == 1)
    }

    @Test("changes to one log within one call apply in order")
    func inOrder() async {
        let store = RecordingHealthStore()
        var changed = Logs.food()
        changed.name = "Brunch"
        let outcomes = await HealthLogMirror(kinds: .foodLogs, store: store).apply([
            .saved(Logs.food()), .saved(changed), .saved(changed), .deleted(FoodLogID(rawValue: Logs.uuid(0))),
            .saved(Logs.food()),
        ])
        #expect(outcomes.map(\.status) == [.written, .written, .unchanged, .removed, .written])
        #expect(outcomes.map(\.syncVersion) == [1, 2, 2, nil, 1])
        #expect(store.objectCount == 4)
        #expect(store.state.withLock { $0.ignored } == 0)
    }

    @Test("kinds the mirror was not made for are neither read nor written")
    func notEnabled() async {
        let store = RecordingHealthStore()
        let outcomes = await HealthLogMirror(kinds: .waterLogs, store: store).apply([
            .saved(Logs.food()), .saved(Logs.weight()), .deleted(FoodLogID(rawValue: Logs.uuid(0))),
        ])
        #expect(outcomes.map(\.status) == [.notEnabled, .notEnabled, .notEnabled])
        #expect(store.calls == [.authorizedToWrite])
    }

    @Test("only the types the user allowed are written; allowing more later adds them")
    func partialAuthorisation() async throws {
        let store = RecordingHealthStore(authorized: [.dietaryEnergyConsumed, .dietaryProtein])
        let mirror = HealthLogMirror(kinds: .all, store: store)
        let outcomes = await mirror.apply([.saved(Logs.food()), .saved(Logs.water()), .saved(Logs.weight())])
        #expect(outcomes.map(\.status) == [.written, .notAuthorized, .notAuthorized])
        #expect(outcomes[0].omittedNutrients == ["sodium"])
        #expect(store.object(Self.mealID)?.memberIDs.count == 2)

        store.state.withLock { $0.authorized.formUnion([.dietarySodium, .dietaryWater]) }
        let later = await mirror.apply([.saved(Logs.food()), .saved(Logs.water())])
        #expect(later.map(\.status) == [.written, .written])
        #expect(later[0].syncVersion == 2)
        #expect(later[0].omittedNutrients.isEmpty)
        #expect(store.object(Self.mealID)?.memberIDs.count == 3)
    }

    @Test("nothing allowed: nothing read or written")
    func nothingAllowed() async {
        let store = RecordingHealthStore(authorized: [])
        let outcomes = await HealthLogMirror(kinds: .all, store: store).apply(Self.hundredLogs())
        #expect(Set(outcomes.map(\.status)) == [.notAuthorized])
        #expect(store.calls == [.authorizedToWrite])
    }

    @Test("a meal with nothing to write writes nothing, and removes an earlier version")
    func nothingToWrite() async {
        let store = RecordingHealthStore()
        let mirror = HealthLogMirror(kinds: .foodLogs, store: store)
        let empty = Logs.food(nutrients: [NutritionFacts(netCarbohydrates: .init(value: 3, unit: .grams))])
        let first = await mirror.apply(.saved(empty))
        #expect(first.status == .nothingToWrite)
        #expect(store.saveCalls == 0)
        _ = await mirror.apply(.saved(Logs.food()))
        #expect(await mirror.apply(.saved(empty)).status == .removed)
        #expect(store.objectCount == 0)
    }

    @Test("a nutrient in a unit that does not convert is left out and named, never written wrong")
    func unconvertible() async throws {
        let store = RecordingHealthStore()
        let log = Logs.food(nutrients: [
            NutritionFacts(
                calories: .init(value: 100, unit: .kilocalories), protein: .init(value: 2, unit: .grams),
                calcium: .init(value: 50, unit: .milligrams)),
            NutritionFacts(calcium: .init(value: 10, unit: .internationalUnits)),
        ])
        let outcome = await HealthLogMirror(kinds: .foodLogs, store: store).apply(.saved(log))
        #expect(outcome.status == .written)
        #expect(outcome.omittedNutrients == ["calcium"])
        #expect(store.object(Self.mealID + ":calcium") == nil)
        #expect(store.object(Self.mealID)?.memberIDs.count == 2)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let name: String
        let change: HealthLogChange
        let code: JanuaryHealthError.Code
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(
            name: "a meal without an id",
            change: .saved(FoodLog(id: nil, foods: [], eatenAt: Logs.eatenAt)), code: .invalidLogID),
        Refusal(
            name: "a meal whose id is not a UUID",
            change: .saved(FoodLog(id: "42", foods: [], eatenAt: Logs.eatenAt)), code: .invalidLogID),
        Refusal(
            name: "deleting a meal by an id that is not a UUID", change: .deleted(FoodLogID(rawValue: "x")),
            code: .invalidLogID),
        Refusal(
            name: "water in a unit HealthKit has no equivalent for",
            change: .saved(Logs.water(0, WaterAmount(value: 1, unit: "gallon"))), code: .unsupportedValue),
        Refusal(
            name: "water of no amount", change: .saved(Logs.water(0, .milliliters(0))), code: .unsupportedValue),
        Refusal(
            name: "water of a NaN amount", change: .saved(Logs.water(0, .milliliters(.nan))), code: .unsupportedValue),
        Refusal(
            name: "weight in stones", change: .saved(Logs.weight(11, "st")), code: .unsupportedValue),
        Refusal(
            name: "weight at an instant that is not real",
            change: .saved(Logs.weight(at: Date(timeIntervalSince1970: .infinity))), code: .invalidLogID),
        Refusal(
            name: "a meal at an instant that is not real",
            change: .saved(Logs.food(eatenAt: Date(timeIntervalSince1970: .nan))), code: .unsupportedValue),
    ]

    @Test("a log Health cannot take is reported, and nothing is written", arguments: refusals)
    func refused(_ refusal: Refusal) async throws {
        let store = RecordingHealthStore()
        let outcome = await HealthLogMirror(kinds: .all, store: store).apply(refusal.change)
        #expect(outcome.status == .failed)
        #expect(outcome.error?.code == refusal.code)
        #expect(store.saveCalls == 0)
        #expect(store.objectCount == 0)
    }

    @Test("a write failure is reported once and never retried; the next call writes")
    func writeFailure() async throws {
        let store = RecordingHealthStore()
        let mirror = HealthLogMirror(kinds: .foodLogs, store: store)
        store.fail(.save)
        let outcome = await mirror.apply(.saved(Logs.food()))
        #expect(outcome.status == .failed)
        #expect(outcome.error?.code == .storeFailed)
        #expect(store.saveCalls == 1)
        #expect(store.objectCount == 0)
        let next = await mirror.apply(.saved(Logs.food()))
        #expect(next.status == .written)
        #expect(next.syncVersion == 1)
        #expect(store.saveCalls == 2)
    }

    @Test("a store's refusal keeps its code; an error of another type is a store failure with that type only")
    func errorCodes() async throws {
        let store = RecordingHealthStore()
        store.state.withLock { $0.authorized = [.dietaryWater] }
        let mirror = HealthLogMirror(kinds: .waterLogs, store: store)
        store.fail(.save, with: JanuaryHealthError(code: .authorizationDenied, message: "Revoked."))
        #expect(await mirror.apply(.saved(Logs.water())).error?.code == .authorizationDenied)
        struct Opaque: Error {}
        let wrapped = HealthLogMirror.storeError(Opaque(), "Health could not be read")
        #expect(wrapped.code == .storeFailed)
        #expect(wrapped.description == "JanuaryHealthError(store_failed): Health could not be read. (caused by Opaque)")
    }

    @Test("a read failure fails that type's changes without writing, and leaves the others")
    func readFailure() async {
        let store = RecordingHealthStore()
        let mirror = HealthLogMirror(kinds: .all, store: store)
        store.fail(.read)
        let outcomes = await mirror.apply([.saved(Logs.food()), .saved(Logs.water(1)), .saved(Logs.weight())])
        // Types are read in the order of their identifiers: the food correlation first.
        #expect(outcomes.map(\.status) == [.failed, .written, .written])
        #expect(outcomes[0].error?.code == .storeFailed)
        #expect(store.saveCalls == 2)
    }

    @Test("a delete that fails is reported; stale members are deleted before the new version is saved")
    func deleteFailure() async {
        let store = RecordingHealthStore()
        let mirror = HealthLogMirror(kinds: .foodLogs, store: store)
        _ = await mirror.apply(.saved(Logs.food()))
        var fewer = Logs.food()
        fewer.foods[0].nutrients.sodium = nil
        store.fail(.delete)
        let failed = await mirror.apply(.saved(fewer))
        #expect(failed.status == .failed)
        #expect(store.saveCalls == 1)
        #expect(store.object(Self.mealID)?.entry.syncVersion == 1)
        // Nothing was half done: the next call finds the old version and replaces it.
        let next = await mirror.apply(.saved(fewer))
        #expect(next.syncVersion == 2)
        #expect(store.object(Self.mealID + ":sodium") == nil)
        store.fail(.delete)
        #expect(await mirror.apply(.deleted(FoodLogID(rawValue: Logs.uuid(0)))).status == .failed)
        #expect(store.objectCount == 3)
    }

    @Test("an error's description names no value from the log")
    func noValuesInErrors() async {
        let store = RecordingHealthStore()
        let outcome = await HealthLogMirror(kinds: .waterLogs, store: store).apply(
            .saved(Logs.water(0, WaterAmount(value: 123.456, unit: "gallon"))))
        let text = String(describing: outcome.error)
        #expect(!text.contains("123"))
        #expect(!text.contains("gallon"))
    }

    @Test("50 tasks mirroring the same new meal at once write it exactly once")
    func concurrentSameLog() async throws {
        let store = RecordingHealthStore()
        // Each read lets the other tasks run, so that calls that were not one after another would overlap.
        store.state.withLock { $0.readYields = 20 }
        let mirror = HealthLogMirror(kinds: .foodLogs, store: store)
        let tasks = (0..<50).map { _ in
            Task { await mirror.apply(.saved(Logs.food())) }
        }
        let outcomes = try await withDeadline("50 mirrors") {
            var outcomes: [HealthMirrorOutcome] = []
            for task in tasks {
                outcomes.append(await task.value)
            }
            return outcomes
        }
        #expect(outcomes.filter { $0.status == .written }.count == 1)
        #expect(outcomes.filter { $0.status == .unchanged }.count == 49)
        #expect(store.saveCalls == 1)
        #expect(store.samplesWritten == 4)
        #expect(store.state.withLock { $0.ignored } == 0)
        #expect(store.state.withLock { $0.mostReadsInFlight } == 1)
    }

    @Test("100 tasks mirroring 100 different logs at once write each exactly once")
    func concurrentManyLogs() async throws {
        let store = RecordingHealthStore()
        let mirror = HealthLogMirror(kinds: .all, store: store)
        let tasks = Self.hundredLogs().map { change in
            Task { await mirror.apply(change) }
        }
        let statuses = try await withDeadline("100 mirrors") {
            var statuses: [HealthMirrorOutcome.Status] = []
            for task in tasks {
                statuses.append(await task.value.status)
            }
            return statuses
        }
        #expect(statuses == Array(repeating: .written, count: 100))
        #expect(store.saveCalls == 100)
        #expect(store.objectCount == 34 * 4 + 66)
    }
}
