import Foundation
import JanuaryCore

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

/// The unit of a ``HealthGlucoseReading``: mg/dL (the United States, Japan…) or mmol/L (Europe, Canada…).
public struct GlucoseUnit: JanuaryExtensibleString {
    /// The unit's name, such as `mg/dL`.
    public let rawValue: String

    /// Creates a unit from its name.
    ///
    /// - Parameter rawValue: The name, such as `mmol/L`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Milligrams per decilitre, `mg/dL`: what January takes.
    public static let milligramsPerDeciliter = GlucoseUnit(rawValue: "mg/dL")

    /// Millimoles per litre, `mmol/L`: 1 mmol/L is 18.0156 mg/dL.
    public static let millimolesPerLiter = GlucoseUnit(rawValue: "mmol/L")

    /// The molar mass of glucose HealthKit converts with, in g/mol (`HKUnitMolarMassBloodGlucose`), so that a
    /// reading converted here equals the one HealthKit gives in mg/dL.
    static let glucoseMolarMass = 180.155_880_000_054_08
}
