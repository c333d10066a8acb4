import JanuaryCore

/// The unit of a value the SDK writes to Health, named by HealthKit's unit string, such as `mg` or `fl_oz_us`.
///
/// The HealthKit shell makes each known unit with HealthKit's own constructor (never by parsing the string, which
/// traps on a string HealthKit does not know) and refuses any other.
public typealias HealthUnit = JanuaryVocabulary<JanuaryVocabularies.HealthUnit>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDKHealth/HealthUnit``, which keeps its values apart from other vocabularies'.
    public enum HealthUnit {}
}

extension HealthUnit {
    /// Kilocalories, `kcal`: the "calories" of a nutrition label.
    public static var kilocalories: HealthUnit { HealthUnit(rawValue: "kcal") }
    /// Grams, `g`.
    public static var grams: HealthUnit { HealthUnit(rawValue: "g") }
    /// Milligrams, `mg`.
    public static var milligrams: HealthUnit { HealthUnit(rawValue: "mg") }
    /// Micrograms, `mcg`.
    public static var micrograms: HealthUnit { HealthUnit(rawValue: "mcg") }
    /// Millilitres, `mL`.
    public static var milliliters: HealthUnit { HealthUnit(rawValue: "mL") }
    /// US fluid ounces, `fl_oz_us`.
    public static var fluidOuncesUS: HealthUnit { HealthUnit(rawValue: "fl_oz_us") }
    /// US cups, `cup_us`.
    public static var cupsUS: HealthUnit { HealthUnit(rawValue: "cup_us") }
    /// Kilograms, `kg`.
    public static var kilograms: HealthUnit { HealthUnit(rawValue: "kg") }
    /// Pounds, `lb`.
    public static var pounds: HealthUnit { HealthUnit(rawValue: "lb") }

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
