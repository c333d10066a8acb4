import Foundation

/// One blood-glucose reading as Health holds it: a CGM's (Dexcom, Libre) or a meter's, in mg/dL or mmol/L.
public struct HealthGlucoseReading: Sendable, Hashable {
    /// When it was taken.
    public var date: Date

    /// The reading, in ``unit``.
    public var value: Double

    /// The unit of ``value``.
    public var unit: GlucoseUnit

    /// Creates a reading.
    ///
    /// - Parameters:
    ///   - date: When it was taken.
    ///   - value: The reading.
    ///   - unit: Its unit.
    public init(date: Date, value: Double, unit: GlucoseUnit) {
        self.date = date
        self.value = value
        self.unit = unit
    }

    /// The reading in mg/dL, the unit January takes; `nil` when it is not a finite number or its unit is neither
    /// mg/dL nor mmol/L.
    public var milligramsPerDeciliter: Double? {
        guard value.isFinite else {
            return nil
        }
        switch unit {
        case .milligramsPerDeciliter: return value
        case .millimolesPerLiter: return value * GlucoseUnit.glucoseMolarMass / 10
        default: return nil
        }
    }
}
