import Foundation
import JanuaryCore

extension JanuaryOutbox {
    /// One write the outbox holds for a user until January has it: what it is, and how its delivery stands.
    ///
    /// Get entries from ``JanuaryOutbox/entries(for:)`` and their changes from ``JanuaryOutbox/changes()``; a
    /// write handed to ``JanuaryUserClient/FoodLogs/log(_:)`` (and the other `log` calls) returns its entry at once.
    ///
    /// ```swift
    /// let entry = try user.foodLogs.log(CreateFoodLogRequest(scan: scan, eatenAt: photoTakenAt))
    /// print("pending", entry.id)
    /// let delivered = try await january.outbox.delivered(entry.id)
    /// print(delivered.deliveredFoodLog?.id as Any)
    /// ```
    public struct Entry: Sendable, Identifiable {
        /// The entry's values, behind one reference: an entry is copied into every change stream, waiter and list,
        /// and sixteen stored properties (a meal, a logged meal, an error) made each copy, and each place that copies
        /// one, many times the code (Docs/Benchmarks.md, "Size in an app").
        private let fields: Fields

        /// An entry's values, as ``OutboxRecord`` makes them.
        final class Fields: Sendable {
            let id: JanuaryOutbox.EntryID
            let userID: PartnerUserID
            let kind: Kind
            let state: State
            let enqueuedAt: Date
            let foodLog: CreateFoodLogRequest?
            let foodLogUpdate: UpdateFoodLogRequest?
            let targetLogID: FoodLogID?
            let water: WaterAmount?
            let weight: Weight?
            let time: Date?
            let deliveredFoodLog: FoodLog?
            let deliveredWaterLog: WaterLog?
            let deliveredWeightLog: WeightLog?
            let problem: JanuaryError?
            let mayHaveBeenSent: Bool

            init(
                id: JanuaryOutbox.EntryID,
                userID: PartnerUserID,
                kind: Kind,
                state: State,
                enqueuedAt: Date,
                foodLog: CreateFoodLogRequest?,
                foodLogUpdate: UpdateFoodLogRequest?,
                targetLogID: FoodLogID?,
                water: WaterAmount?,
                weight: Weight?,
                time: Date?,
                deliveredFoodLog: FoodLog?,
                deliveredWaterLog: WaterLog?,
                deliveredWeightLog: WeightLog?,
                problem: JanuaryError?,
                mayHaveBeenSent: Bool
            ) {
                self.id = id
                self.userID = userID
                self.kind = kind
                self.state = state
                self.enqueuedAt = enqueuedAt
                self.foodLog = foodLog
                self.foodLogUpdate = foodLogUpdate
                self.targetLogID = targetLogID
                self.water = water
                self.weight = weight
                self.time = time
                self.deliveredFoodLog = deliveredFoodLog
                self.deliveredWaterLog = deliveredWaterLog
                self.deliveredWeightLog = deliveredWeightLog
                self.problem = problem
                self.mayHaveBeenSent = mayHaveBeenSent
            }
        }

        init(_ fields: Fields) {
            self.fields = fields
        }

        /// The outbox's identifier of the write.
        public var id: JanuaryOutbox.EntryID { fields.id }

        /// Whose write it is; it is only ever sent on this user's behalf.
        public var userID: PartnerUserID { fields.userID }

        /// What the write does.
        public var kind: Kind { fields.kind }

        /// How its delivery stands.
        public var state: State { fields.state }

        /// When the app handed it over, by the device's clock.
        public var enqueuedAt: Date { fields.enqueuedAt }

        /// For `.foodLogCreate`: the meal as it will be logged, its `eatenAt` set to the instant the SDK chose
        /// (within the same second as yours); for `.foodLogUpdate`: `nil`.
        public var foodLog: CreateFoodLogRequest? { fields.foodLog }

        /// For `.foodLogUpdate`: the change.
        public var foodLogUpdate: UpdateFoodLogRequest? { fields.foodLogUpdate }

        /// For `.foodLogUpdate` and `.foodLogDelete`: January's identifier of the log, once known (for a
        /// change of a meal still in the outbox, once that meal is delivered).
        public var targetLogID: FoodLogID? { fields.targetLogID }

        /// For `.waterLogCreate`: the amount drunk.
        public var water: WaterAmount? { fields.water }

        /// For `.weightLogCreate`: the weight measured.
        public var weight: Weight? { fields.weight }

        /// For water and weight creates: when it was drunk or measured, as sent.
        public var time: Date? { fields.time }

        /// The log January stored, once ``state`` is `.delivered` (for a food-log create or update).
        public var deliveredFoodLog: FoodLog? { fields.deliveredFoodLog }

        /// The log January stored, once ``state`` is `.delivered` (for a water-log create).
        public var deliveredWaterLog: WaterLog? { fields.deliveredWaterLog }

        /// The log January stored, once ``state`` is `.delivered` (for a weight-log create).
        public var deliveredWeightLog: WeightLog? { fields.deliveredWeightLog }

        /// Why the write needs attention, when ``state`` is `.needsAttention`: January refused it for good
        /// (its `recovery` says what to do), or its outcome could not be known.
        public var problem: JanuaryError? { fields.problem }

        /// Whether a request of this write may have reached January: then discarding it does not undo a log January
        /// may already have stored; list the day to see.
        public var mayHaveBeenSent: Bool { fields.mayHaveBeenSent }

        /// What a write does; more kinds may come, so switch with a `default`.
        public typealias Kind = JanuaryVocabulary<JanuaryVocabularies.OutboxEntryKind>

        /// How a write's delivery stands; more states may come, so switch with a `default`.
        public typealias State = JanuaryVocabulary<JanuaryVocabularies.OutboxEntryState>
    }
}

extension JanuaryOutbox.Entry: CustomReflectable {
    /// Each value by its property name, as `print` and `dump` showed them when they were stored properties: the
    /// stored properties of `Fields` have those names, in that order, so they are reflected rather than listed
    /// again (a list of sixteen values, each boxed, was 1 KB of an app; Docs/Benchmarks.md, "Size in an app").
    public var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: fields).children, displayStyle: .struct)
    }
}

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/JanuaryOutbox/Entry/Kind``, which keeps its values apart from other vocabularies'.
    public enum OutboxEntryKind {}
}

extension JanuaryOutbox.Entry.Kind {
    /// A meal to log (``JanuaryUserClient/FoodLogs/log(_:)``).
    public static var foodLogCreate: Self { "food_log_create" }
    /// A change of a logged meal (``JanuaryUserClient/FoodLogs/logUpdate(id:_:)``).
    public static var foodLogUpdate: Self { "food_log_update" }
    /// A meal to delete (``JanuaryUserClient/FoodLogs/logDeletion(id:)``).
    public static var foodLogDelete: Self { "food_log_delete" }
    /// Water drunk (``JanuaryUserClient/WaterLogs/log(_:consumedAt:)``).
    public static var waterLogCreate: Self { "water_log_create" }
    /// A weight measured (``JanuaryUserClient/WeightLogs/log(_:measuredAt:)``).
    public static var weightLogCreate: Self { "weight_log_create" }
}

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/JanuaryOutbox/Entry/State``, which keeps its values apart from other vocabularies'.
    public enum OutboxEntryState {}
}

extension JanuaryOutbox.Entry.State {
    /// On the device, waiting its turn, for a connection, or for its user to be signed in again.
    public static var pending: Self { "pending" }
    /// Being sent now.
    public static var sending: Self { "sending" }
    /// January has it; the entry has left the outbox.
    public static var delivered: Self { "delivered" }
    /// January refused it for good, or its outcome cannot be known: kept, never retried, until you discard it
    /// (``JanuaryOutbox/discard(_:)``). ``JanuaryOutbox/Entry/problem`` says why.
    public static var needsAttention: Self { "needs_attention" }
    /// Discarded by the app; the entry has left the outbox.
    public static var discarded: Self { "discarded" }
}
