import JanuaryCore

/// A kind of Health data the SDK writes or reads, named by its HealthKit identifier, such as
/// `HKQuantityTypeIdentifierDietaryProtein`.
///
/// The raw value is the identifier's string, so that the HealthKit shell makes the type from it and a fake store in
/// your tests needs no HealthKit. An open set, like the SDK's other vocabularies: compare with the static members and
/// keep a `default` branch.
public struct HealthDataType: JanuaryExtensibleString {
    /// The HealthKit identifier, such as `HKQuantityTypeIdentifierDietaryWater`.
    public let rawValue: String

    /// Creates a type from its HealthKit identifier.
    ///
    /// - Parameter rawValue: The identifier, such as `HKQuantityTypeIdentifierBodyMass`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A meal: HealthKit's food correlation, which groups a meal's nutrient samples. It is never asked for in an
    /// authorisation request (HealthKit refuses that); its nutrient types are.
    public static let food = HealthDataType(rawValue: "HKCorrelationTypeIdentifierFood")

    /// Dietary energy, in kilocalories.
    public static let dietaryEnergyConsumed = HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryEnergyConsumed")
    /// Protein.
    public static let dietaryProtein = HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryProtein")
    /// Total carbohydrates.
    public static let dietaryCarbohydrates = HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryCarbohydrates")
    /// Total fat.
    public static let dietaryFatTotal = HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryFatTotal")
    /// Saturated fat.
    public static let dietaryFatSaturated = HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryFatSaturated")
    /// Dietary fibre.
    public static let dietaryFiber = HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryFiber")
    /// Sugars.
    public static let dietarySugar = HealthDataType(rawValue: "HKQuantityTypeIdentifierDietarySugar")
    /// Cholesterol.
    public static let dietaryCholesterol = HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryCholesterol")
    /// Calcium.
    public static let dietaryCalcium = HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryCalcium")
    /// Iron.
    public static let dietaryIron = HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryIron")
    /// Potassium.
    public static let dietaryPotassium = HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryPotassium")
    /// Sodium.
    public static let dietarySodium = HealthDataType(rawValue: "HKQuantityTypeIdentifierDietarySodium")
    /// Vitamin D.
    public static let dietaryVitaminD = HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryVitaminD")
    /// Water drunk.
    public static let dietaryWater = HealthDataType(rawValue: "HKQuantityTypeIdentifierDietaryWater")
    /// Body weight.
    public static let bodyMass = HealthDataType(rawValue: "HKQuantityTypeIdentifierBodyMass")
    /// Blood glucose, read for a prediction's CGM history; never written.
    public static let bloodGlucose = HealthDataType(rawValue: "HKQuantityTypeIdentifierBloodGlucose")
}
