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
        /// The outbox's identifier of the write.
        public let id: JanuaryOutbox.EntryID

        /// Whose write it is; it is only ever sent on this user's behalf.
        public let userID: PartnerUserID

        /// What the write does.
        public let kind: Kind

        /// How its delivery stands.
        public let state: State

        /// When the app handed it over, by the device's clock.
        public let enqueuedAt: Date

        /// For ``Kind/foodLogCreate``: the meal as it will be logged, its `eatenAt` set to the instant the SDK chose
        /// (within the same second as yours); for ``Kind/foodLogUpdate``: `nil`.
        public let foodLog: CreateFoodLogRequest?

        /// For ``Kind/foodLogUpdate``: the change.
        public let foodLogUpdate: UpdateFoodLogRequest?

        /// For ``Kind/foodLogUpdate`` and ``Kind/foodLogDelete``: January's identifier of the log, once known (for a
        /// change of a meal still in the outbox, once that meal is delivered).
        public let targetLogID: FoodLogID?

        /// For ``Kind/waterLogCreate``: the amount drunk.
        public let water: WaterAmount?

        /// For ``Kind/weightLogCreate``: the weight measured.
        public let weight: Weight?

        /// For water and weight creates: when it was drunk or measured, as sent.
        public let time: Date?

        /// The log January stored, once ``state`` is ``State/delivered`` (for a food-log create or update).
        public let deliveredFoodLog: FoodLog?

        /// The log January stored, once ``state`` is ``State/delivered`` (for a water-log create).
        public let deliveredWaterLog: WaterLog?

        /// The log January stored, once ``state`` is ``State/delivered`` (for a weight-log create).
        public let deliveredWeightLog: WeightLog?

        /// Why the write needs attention, when ``state`` is ``State/needsAttention``: January refused it for good
        /// (its `recovery` says what to do), or its outcome could not be known.
        public let problem: JanuaryError?

        /// Whether a request of this write may have reached January: then discarding it does not undo a log January
        /// may already have stored; list the day to see.
        public let mayHaveBeenSent: Bool

        /// What a write does; more kinds may come, so switch with a `default`.
        public struct Kind: JanuaryExtensibleString {
            /// The kind's name.
            public let rawValue: String

            /// Creates a kind from its name.
            ///
            /// - Parameter rawValue: The name.
            public init(rawValue: String) {
                self.rawValue = rawValue
            }

            /// A meal to log (``JanuaryUserClient/FoodLogs/log(_:)``).
            public static let foodLogCreate: Kind = "food_log_create"
            /// A change of a logged meal (``JanuaryUserClient/FoodLogs/logUpdate(id:_:)``).
            public static let foodLogUpdate: Kind = "food_log_update"
            /// A meal to delete (``JanuaryUserClient/FoodLogs/logDeletion(id:)``).
            public static let foodLogDelete: Kind = "food_log_delete"
            /// Water drunk (``JanuaryUserClient/WaterLogs/log(_:consumedAt:)``).
            public static let waterLogCreate: Kind = "water_log_create"
            /// A weight measured (``JanuaryUserClient/WeightLogs/log(_:measuredAt:)``).
            public static let weightLogCreate: Kind = "weight_log_create"
        }

        /// How a write's delivery stands; more states may come, so switch with a `default`.
        public struct State: JanuaryExtensibleString {
            /// The state's name.
            public let rawValue: String

            /// Creates a state from its name.
            ///
            /// - Parameter rawValue: The name.
            public init(rawValue: String) {
                self.rawValue = rawValue
            }

            /// On the device, waiting its turn, for a connection, or for its user to be signed in again.
            public static let pending: State = "pending"
            /// Being sent now.
            public static let sending: State = "sending"
            /// January has it; the entry has left the outbox.
            public static let delivered: State = "delivered"
            /// January refused it for good, or its outcome cannot be known: kept, never retried, until you discard it
            /// (``JanuaryOutbox/discard(_:)``). ``JanuaryOutbox/Entry/problem`` says why.
            public static let needsAttention: State = "needs_attention"
            /// Discarded by the app; the entry has left the outbox.
            public static let discarded: State = "discarded"
        }
    }
}
