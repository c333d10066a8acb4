import Foundation
import JanuaryCore

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
