import JanuaryPartnerSDK

/// A change January has made to one of the user's logs, for ``HealthLogMirror/apply(_:)->HealthMirrorOutcome``: a
/// log January saved (created or updated, exactly as January returned it), or a log January deleted.
///
/// ```swift
/// let log = try await user.foodLogs.create(request)
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
