import Foundation

/// Where a user's blood-glucose history comes from: Apple Health through `HealthKitStore` on iOS, or a synthetic
/// window in tests.
public protocol GlucoseHistorySource: Sendable {
    /// Asks the user for access to exactly these types.
    ///
    /// - Parameters:
    ///   - write: The types to write.
    ///   - read: The types to read.
    /// - Throws: ``JanuaryHealthError``: `missing_usage_description` when the app's Info.plist lacks the key the
    ///   request needs, `health_data_unavailable` where the device has no Health.
    func requestAuthorization(toWrite write: Set<HealthDataType>, toRead read: Set<HealthDataType>) async throws

    /// The user's blood-glucose readings taken from `start` up to, not including, `end`, in any order.
    ///
    /// Health does not say whether the user refused reading: a refusal reads as no readings.
    ///
    /// - Parameters:
    ///   - start: The first instant.
    ///   - end: The instant after the last.
    /// - Returns: The readings, with their units.
    /// - Throws: ``JanuaryHealthError`` when Health cannot be read.
    func glucoseReadings(from start: Date, to end: Date) async throws -> [HealthGlucoseReading]
}
