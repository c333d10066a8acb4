import JanuaryCore

/// A kind of Health data the SDK writes or reads, named by its HealthKit identifier, such as
/// `HKQuantityTypeIdentifierDietaryProtein`.
///
/// The raw value is the identifier's string, so that the HealthKit shell makes the type from it and a fake store in
/// your tests needs no HealthKit. An open set, like the SDK's other vocabularies: compare with the static members and
/// keep a `default` branch.
public typealias HealthDataType = JanuaryVocabulary<JanuaryVocabularies.HealthDataType>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDKHealth/HealthDataType``, which keeps its values apart from other vocabularies'.
    public enum HealthDataType {}
}

extension HealthDataType {
    /// A meal: HealthKit's food correlation, which groups a meal's nutrient samples. It is never asked for in an
    /// authorisation request (HealthKit refuses that); its nutrient types are.
    public static var food: HealthDataType { HealthDataType(rawValue: "HKCorrelationTypeIdentifierFood") }

    /// Dietary energy, in kilocalories.
    public static var dietaryEnergyConsumed: HealthDataType {
        HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryEnergyConsumed")
    }
    /// Protein.
    public static var dietaryProtein: HealthDataType {
        HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryProtein")
    }
    /// Total carbohydrates.
    public static var dietaryCarbohydrates: HealthDataType {
        HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryCarbohydrates")
    }
    /// Total fat.
    public static var dietaryFatTotal: HealthDataType {
        HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryFatTotal")
    }
    /// Saturated fat.
    public static var dietaryFatSaturated: HealthDataType {
        HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryFatSaturated")
    }
    /// Dietary fibre.
    public static var dietaryFiber: HealthDataType { HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryFiber") }
    /// Sugars.
    public static var dietarySugar: HealthDataType { HealthDataType(rawValue: "HKQuantityTypeIdentifierDietarySugar") }
    /// Cholesterol.
    public static var dietaryCholesterol: HealthDataType {
        HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryCholesterol")
    }
    /// Calcium.
    public static var dietaryCalcium: HealthDataType {
        HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryCalcium")
    }
    /// Iron.
    public static var dietaryIron: HealthDataType { HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryIron") }
    /// Potassium.
    public static var dietaryPotassium: HealthDataType {
        HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryPotassium")
    }
    /// Sodium.
    public static var dietarySodium: HealthDataType {
        HealthDataType(rawValue: "HKQuantityTypeIdentifierDietarySodium")
    }
    /// Vitamin D.
    public static var dietaryVitaminD: HealthDataType {
        HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryVitaminD")
    }
    /// Water drunk.
    public static var dietaryWater: HealthDataType { HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryWater") }
    /// Body weight.
    public static var bodyMass: HealthDataType { HealthDataType(rawValue: "HKQuantityTypeIdentifierBodyMass") }
    /// Blood glucose, read for a prediction's CGM history; never written.
    public static var bloodGlucose: HealthDataType { HealthDataType(rawValue: "HKQuantityTypeIdentifierBloodGlucose") }
}
