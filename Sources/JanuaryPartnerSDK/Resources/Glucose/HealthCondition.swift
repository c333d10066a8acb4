import Foundation

/// A condition that changes how glucose is predicted, for ``GlucosePredictionProfile/healthConditions``.
///
/// Type 1 diabetes is not supported by the prediction model.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public struct HealthCondition: JanuaryVocabulary {
    /// The value as January writes it.
    public let rawValue: String

    /// Creates a value from its wire string.
    ///
    /// - Parameter rawValue: The value as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Type 2 diabetes.
    public static let type2Diabetes = HealthCondition(rawValue: "type_2_diabetes")
    /// Prediabetes.
    public static let prediabetes = HealthCondition(rawValue: "prediabetes")
}
