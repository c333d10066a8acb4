/// The unit of a volume of water: fluid ounces, milliliters or cups.
///
/// An extensible set of values: a unit January adds later decodes as a value this SDK version has no name for.
public struct VolumeUnit: JanuaryVocabulary {
    /// The unit's wire string, such as `fl_oz`.
    public let rawValue: String

    /// Creates a unit from its wire string, known to this SDK version or not.
    ///
    /// - Parameter rawValue: The string January uses for the unit.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// US fluid ounces, `fl_oz`: about 29.57 ml.
    public static let fluidOunces = VolumeUnit(rawValue: "fl_oz")

    /// Milliliters, `ml`.
    public static let milliliters = VolumeUnit(rawValue: "ml")

    /// US cups, `cup`: 8 fluid ounces, about 236.6 ml.
    public static let cups = VolumeUnit(rawValue: "cup")
}
