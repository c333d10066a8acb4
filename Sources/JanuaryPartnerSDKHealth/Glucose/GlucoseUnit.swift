import Foundation
import JanuaryCore

/// The unit of a ``HealthGlucoseReading``: mg/dL (the United States, Japan…) or mmol/L (Europe, Canada…).
public typealias GlucoseUnit = JanuaryVocabulary<JanuaryVocabularies.GlucoseUnit>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDKHealth/GlucoseUnit``, which keeps its values apart from other vocabularies'.
    public enum GlucoseUnit {}
}

extension GlucoseUnit {
    /// Milligrams per decilitre, `mg/dL`: what January takes.
    public static var milligramsPerDeciliter: GlucoseUnit { GlucoseUnit(rawValue: "mg/dL") }

    /// Millimoles per litre, `mmol/L`: 1 mmol/L is 18.0156 mg/dL.
    public static var millimolesPerLiter: GlucoseUnit { GlucoseUnit(rawValue: "mmol/L") }

    /// The molar mass of glucose HealthKit converts with, in g/mol (`HKUnitMolarMassBloodGlucose`), so that a
    /// reading converted here equals the one HealthKit gives in mg/dL.
    static var glucoseMolarMass: Double { 180.155_880_000_054_08 }
}
