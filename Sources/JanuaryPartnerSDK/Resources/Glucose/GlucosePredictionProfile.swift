import Foundation
import JanuaryCore

/// The person a glucose prediction is for. January uses it for the prediction and stores nothing.
///
/// ```swift
/// let profile = GlucosePredictionProfile(
///     age: 42,
///     sex: .female,
///     height: Height(value: 165, unit: .centimeters),
///     weight: Weight(value: 68, unit: .kilograms),
///     activityLevel: .lightlyActive,
///     healthConditions: [.prediabetes]
/// )
/// ```
public struct GlucosePredictionProfile: Sendable, Hashable, Codable {
    /// Age in years: 1 to 120.
    public var age: Int

    /// The sex the prediction is modelled for.
    public var sex: Sex

    /// Height: 20–108 in or 50–275 cm.
    public var height: Height

    /// Weight: 2–1500 lb or 1–700 kg.
    public var weight: Weight

    /// How active the person is, if known.
    public var activityLevel: ActivityLevel?

    /// Conditions that change the prediction: at most 2; empty when none. Type 1 diabetes is not supported.
    public var healthConditions: [HealthCondition]

    /// Creates a profile.
    ///
    /// - Parameters:
    ///   - age: Age in years: 1 to 120.
    ///   - sex: The sex the prediction is modelled for.
    ///   - height: Height: 20–108 in or 50–275 cm.
    ///   - weight: Weight: 2–1500 lb or 1–700 kg.
    ///   - activityLevel: How active the person is, if known.
    ///   - healthConditions: At most 2 conditions; empty when none.
    public init(
        age: Int,
        sex: Sex,
        height: Height,
        weight: Weight,
        activityLevel: ActivityLevel? = nil,
        healthConditions: [HealthCondition] = []
    ) {
        self.age = age
        self.sex = sex
        self.height = height
        self.weight = weight
        self.activityLevel = activityLevel
        self.healthConditions = healthConditions
    }

    private enum Keys {
        static var age: WireKey { WireKey("age") }
        static var sex: WireKey { WireKey("sex") }
        static var height: WireKey { WireKey("height") }
        static var weight: WireKey { WireKey("weight") }
        static var activityLevel: WireKey { WireKey("activity_level") }
        static var healthConditions: WireKey { WireKey("health_conditions") }
    }

    /// Decodes a profile; missing `health_conditions` decode as none.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a required value is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.age = try container.decode(Int.self, forKey: Keys.age)
        self.sex = try container.decode(Sex.self, forKey: Keys.sex)
        self.height = try container.decode(Height.self, forKey: Keys.height)
        self.weight = try container.decode(Weight.self, forKey: Keys.weight)
        self.activityLevel = try container.decodeIfPresent(ActivityLevel.self, forKey: Keys.activityLevel)
        self.healthConditions = try container.decodeList([HealthCondition].self, forKey: Keys.healthConditions)
    }

    /// Encodes the profile; an unknown activity level and an empty list of conditions are left out, as January
    /// allows.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(age, forKey: Keys.age)
        try container.encode(sex, forKey: Keys.sex)
        try container.encode(height, forKey: Keys.height)
        try container.encode(weight, forKey: Keys.weight)
        try container.encodeIfPresent(activityLevel, forKey: Keys.activityLevel)
        if !healthConditions.isEmpty {
            try container.encode(healthConditions, forKey: Keys.healthConditions)
        }
    }

    /// Checks January's ranges, naming the field but never the value (these are health data).
    ///
    /// - Throws: `JanuaryError` of category `invalidInput` naming the field that breaks a rule.
    public func validate() throws {
        try Validation.integer(age, field: "GlucosePredictionProfile.age", in: 1...120)
        try height.validate(field: "GlucosePredictionProfile.height")
        try weight.validate(field: "GlucosePredictionProfile.weight", pounds: 2...1500, kilograms: 1...700)
        try Validation.count(healthConditions.count, field: "GlucosePredictionProfile.healthConditions", in: 0...2)
    }
}

/// The sex a glucose prediction is modelled for.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public typealias Sex = JanuaryVocabulary<JanuaryVocabularies.Sex>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/Sex``, which keeps its values apart from other vocabularies'.
    public enum Sex {}
}

extension Sex {
    /// Male.
    public static var male: Sex { Sex(rawValue: "male") }
    /// Female.
    public static var female: Sex { Sex(rawValue: "female") }
}

/// How active the person is, for a ``GlucosePredictionProfile``.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public typealias ActivityLevel = JanuaryVocabulary<JanuaryVocabularies.ActivityLevel>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/ActivityLevel``, which keeps its values apart from other vocabularies'.
    public enum ActivityLevel {}
}

extension ActivityLevel {
    /// Little or no exercise.
    public static var sedentary: ActivityLevel { ActivityLevel(rawValue: "sedentary") }
    /// Light exercise.
    public static var lightlyActive: ActivityLevel { ActivityLevel(rawValue: "lightly_active") }
    /// Moderate exercise.
    public static var moderatelyActive: ActivityLevel { ActivityLevel(rawValue: "moderately_active") }
    /// Hard exercise.
    public static var veryActive: ActivityLevel { ActivityLevel(rawValue: "very_active") }
}

/// A condition that changes how glucose is predicted, for ``GlucosePredictionProfile/healthConditions``.
///
/// Type 1 diabetes is not supported by the prediction model.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public typealias HealthCondition = JanuaryVocabulary<JanuaryVocabularies.HealthCondition>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/HealthCondition``, which keeps its values apart from other vocabularies'.
    public enum HealthCondition {}
}

extension HealthCondition {
    /// Type 2 diabetes.
    public static var type2Diabetes: HealthCondition { HealthCondition(rawValue: "type_2_diabetes") }
    /// Prediabetes.
    public static var prediabetes: HealthCondition { HealthCondition(rawValue: "prediabetes") }
}
