import JanuaryPartnerSDK

/// A change January has made to one of the user's logs, for ``HealthLogMirror/apply(_:)->HealthMirrorOutcome``: a
/// log January saved (created or updated, exactly as January returned it), or a log January deleted.
///
/// ```swift
/// let log = try await user.foodLogs.create(CreateFoodLogRequest(foods: meal))
/// let outcome = await mirror.apply(.saved(log))
/// ```
public struct HealthLogChange: Sendable, Hashable {
    enum Log: Sendable, Hashable {
        case food(FoodLog)
        case water(WaterLog)
        case weight(WeightLog)
        case deletedFood(FoodLogID)
        case deletedWater(WaterLogID)
    }

    let log: Log

    /// A meal January created or updated: its entry in Health is written, or replaced.
    ///
    /// - Parameter log: The log as January returned it, with its identifier.
    /// - Returns: The change.
    public static func saved(_ log: FoodLog) -> HealthLogChange {
        HealthLogChange(log: .food(log))
    }

    /// A drink of water January created.
    ///
    /// - Parameter log: The log as January returned it, with its identifier.
    /// - Returns: The change.
    public static func saved(_ log: WaterLog) -> HealthLogChange {
        HealthLogChange(log: .water(log))
    }

    /// A weight January created. Weight logs have no identifier: the sample is identified by the instant of the
    /// measurement, so two weights logged at the same millisecond are one sample in Health, the later mirrored.
    ///
    /// - Parameter log: The log as January returned it.
    /// - Returns: The change.
    public static func saved(_ log: WeightLog) -> HealthLogChange {
        HealthLogChange(log: .weight(log))
    }

    /// A meal January deleted: its entry and samples are removed from Health.
    ///
    /// - Parameter id: The log's identifier.
    /// - Returns: The change.
    public static func deleted(_ id: FoodLogID) -> HealthLogChange {
        HealthLogChange(log: .deletedFood(id))
    }

    /// A drink of water January deleted: its sample is removed from Health.
    ///
    /// - Parameter id: The log's identifier.
    /// - Returns: The change.
    public static func deleted(_ id: WaterLogID) -> HealthLogChange {
        HealthLogChange(log: .deletedWater(id))
    }
}

extension HealthLogChange {
    /// The change an outbox delivery makes in the user's logs, to mirror into Health once January has it: a meal,
    /// drink or weight saved, a meal's change saved, or a meal deleted; `nil` for an entry not yet delivered (or a
    /// kind this SDK does not mirror).
    ///
    /// ```swift
    /// for await entry in january.outbox.changes() {
    ///     if let change = HealthLogChange(delivered: entry) {
    ///         _ = await mirror.apply(change)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter entry: An entry from `JanuaryOutbox.changes()`.
    public init?(delivered entry: JanuaryOutbox.Entry) {
        guard entry.state == .delivered else {
            return nil
        }
        if let log = entry.deliveredFoodLog, log.isAddressable {
            self = .saved(log)
        } else if entry.kind == .foodLogDelete, let id = entry.targetLogID {
            self = .deleted(id)
        } else if let log = entry.deliveredWaterLog {
            self = .saved(log)
        } else if let log = entry.deliveredWeightLog {
            self = .saved(log)
        } else {
            return nil
        }
    }
}
