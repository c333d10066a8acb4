import Foundation
import JanuaryPartnerSDK

/// The sync identifiers the mirror gives Health's entries, derived from January's logs alone, so that mirroring a
/// log again finds its entry instead of adding one.
///
/// A food or water log is identified by its id, normalised as a lower-case UUID; a meal's nutrient samples by the
/// meal's identifier and January's key of the nutrient; a weight log, which has no id, by the millisecond of its
/// measurement.
///
/// ```swift
/// HealthSyncIdentifier.foodLog("3F2B9C1E-8D4A-4E6F-9B7A-2C1D0E5F6A7B")
/// // "ai.january.food-log:3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b"
/// ```
public enum HealthSyncIdentifier {
    /// What every identifier starts with, so that none can equal one the app itself writes.
    public static let prefix = "ai.january."

    /// A meal's identifier.
    ///
    /// - Parameter id: The food log's id.
    /// - Returns: The identifier; `nil` when `id` is not a UUID.
    public static func foodLog(_ id: FoodLogID) -> String? {
        uuid(id.rawValue).map { prefix + "food-log:" + $0 }
    }

    /// The identifier of one nutrient sample of a meal.
    ///
    /// - Parameters:
    ///   - id: The food log's id.
    ///   - nutrient: January's key of the nutrient, such as `protein` (``HealthNutrientMapping/januaryKey``).
    /// - Returns: The identifier; `nil` when `id` is not a UUID.
    public static func foodLog(_ id: FoodLogID, nutrient: String) -> String? {
        foodLog(id).map { $0 + ":" + nutrient }
    }

    /// A drink of water's identifier.
    ///
    /// - Parameter id: The water log's id.
    /// - Returns: The identifier; `nil` when `id` is not a UUID.
    public static func waterLog(_ id: WaterLogID) -> String? {
        uuid(id.rawValue).map { prefix + "water-log:" + $0 }
    }

    /// A weight's identifier, from the instant it was measured, to the millisecond.
    ///
    /// - Parameter measuredAt: The log's `measured_at`.
    /// - Returns: The identifier; `nil` when the instant is not finite or lies beyond the years 1 to 9999.
    public static func weightLog(measuredAt: Date) -> String? {
        milliseconds(measuredAt).map { prefix + "weight-log:" + String($0) }
    }

    /// A UUID in its canonical lower-case form; `nil` for anything else.
    private static func uuid(_ text: String) -> String? {
        UUID(uuidString: text)?.uuidString.lowercased()
    }

    /// Milliseconds since 1970, in `Int64`; `nil` for an instant that is not finite or lies far outside the years 1 to
    /// 9999, where the conversion would trap.
    static func milliseconds(_ date: Date) -> Int64? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e12 else {
            return nil
        }
        return Int64((seconds * 1_000).rounded())
    }
}
