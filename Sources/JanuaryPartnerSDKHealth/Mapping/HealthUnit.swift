import JanuaryCore

/// The unit of a value the SDK writes to Health, named by HealthKit's unit string, such as `mg` or `fl_oz_us`.
///
/// The HealthKit shell makes each known unit with HealthKit's own constructor (never by parsing the string, which
/// traps on a string HealthKit does not know) and refuses any other.
public struct HealthUnit: JanuaryExtensibleString {
    /// HealthKit's string for the unit, such as `kcal`.
    public let rawValue: String

    /// Creates a unit from HealthKit's string for it.
    ///
    /// - Parameter rawValue: The unit string, such as `mcg`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Kilocalories, `kcal`: the "calories" of a nutrition label.
    public static let kilocalories = HealthUnit(rawValue: "kcal")
    /// Grams, `g`.
    public static let grams = HealthUnit(rawValue: "g")
    /// Milligrams, `mg`.
    public static let milligrams = HealthUnit(rawValue: "mg")
    /// Micrograms, `mcg`.
    public static let micrograms = HealthUnit(rawValue: "mcg")
    /// Millilitres, `mL`.
    public static let milliliters = HealthUnit(rawValue: "mL")
    /// US fluid ounces, `fl_oz_us`.
    public static let fluidOuncesUS = HealthUnit(rawValue: "fl_oz_us")
    /// US cups, `cup_us`.
    public static let cupsUS = HealthUnit(rawValue: "cup_us")
    /// Kilograms, `kg`.
    public static let kilograms = HealthUnit(rawValue: "kg")
    /// Pounds, `lb`.
    public static let pounds = HealthUnit(rawValue: "lb")

    /// The power of ten that makes one unit in grams, for the mass units a nutrient may be given in (0 for `g`, -3
    /// for `mg`, -6 for `mcg`); `nil` for any other. A power rather than a factor, so that a conversion multiplies or
    /// divides by an exact integer and 0.5 g is exactly 500 mg.
    var gramsExponent: Int? {
        switch self {
        case .grams: 0
        case .milligrams: -3
        case .micrograms: -6
        default: nil
        }
    }

    /// `value`, a mass in this unit, in `target`; `nil` unless both are mass units.
    func convert(_ value: Double, to target: HealthUnit) -> Double? {
        guard let source = gramsExponent, let target = target.gramsExponent else {
            return nil
        }
        // 10^0 to 10^6 are exact doubles, and so are the product and quotient's single rounding.
        let scale = (0..<abs(source - target)).reduce(1.0) { power, _ in power * 10 }
        return source >= target ? value * scale : value / scale
    }
}
