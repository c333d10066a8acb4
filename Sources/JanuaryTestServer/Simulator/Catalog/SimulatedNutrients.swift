/// Nutrient amounts of a simulated food, sparse as January's `NutritionFacts`: a missing nutrient means
/// "no value", not zero.
///
/// ```swift
/// let banana = SimulatedNutrients(calories: 105, protein: 1.3, carbohydrates: 27, fiber: 3.1, potassium: 422)
/// ```
public struct SimulatedNutrients: Sendable, Hashable {
    /// One of January's `NutritionFacts` keys, such as `total_fat`; an extensible set of values.
    public struct Nutrient: RawRepresentable, Hashable, Sendable, Comparable {
        /// The wire key, such as `net_carbohydrates`.
        public let rawValue: String

        /// Creates a nutrient key.
        ///
        /// - Parameter rawValue: The wire key.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Orders keys by their wire name.
        ///
        /// - Parameters:
        ///   - lhs: A key.
        ///   - rhs: Another key.
        /// - Returns: Whether `lhs` sorts first.
        public static func < (lhs: Nutrient, rhs: Nutrient) -> Bool {
            lhs.rawValue < rhs.rawValue
        }

        /// `calories`, in kcal.
        public static let calories = Nutrient(rawValue: "calories")
        /// `protein`, in g.
        public static let protein = Nutrient(rawValue: "protein")
        /// `carbohydrates`, in g.
        public static let carbohydrates = Nutrient(rawValue: "carbohydrates")
        /// `net_carbohydrates`, in g.
        public static let netCarbohydrates = Nutrient(rawValue: "net_carbohydrates")
        /// `total_fat`, in g.
        public static let totalFat = Nutrient(rawValue: "total_fat")
        /// `trans_fat`, in g.
        public static let transFat = Nutrient(rawValue: "trans_fat")
        /// `saturated_fat`, in g.
        public static let saturatedFat = Nutrient(rawValue: "saturated_fat")
        /// `fiber`, in g.
        public static let fiber = Nutrient(rawValue: "fiber")
        /// `total_sugars`, in g.
        public static let totalSugars = Nutrient(rawValue: "total_sugars")
        /// `added_sugars`, in g.
        public static let addedSugars = Nutrient(rawValue: "added_sugars")
        /// `cholesterol`, in mg.
        public static let cholesterol = Nutrient(rawValue: "cholesterol")
        /// `calcium`, in mg.
        public static let calcium = Nutrient(rawValue: "calcium")
        /// `iron`, in mg.
        public static let iron = Nutrient(rawValue: "iron")
        /// `potassium`, in mg.
        public static let potassium = Nutrient(rawValue: "potassium")
        /// `sodium`, in mg.
        public static let sodium = Nutrient(rawValue: "sodium")
        /// `vitamin_d`, in IU unless given in mcg.
        public static let vitaminD = Nutrient(rawValue: "vitamin_d")
    }

    /// An amount with its unit: `g`, `mg`, `kcal`, `IU` or `mcg`.
    public struct Amount: Sendable, Hashable {
        /// The number.
        public var value: Double
        /// The unit, such as `mg`.
        public var unit: String

        /// Creates an amount.
        ///
        /// - Parameters:
        ///   - value: The number.
        ///   - unit: One of `g`, `mg`, `kcal`, `IU`, `mcg`.
        public init(_ value: Double, _ unit: String) {
            self.value = value
            self.unit = unit
        }
    }

    /// The amounts by nutrient.
    public var amounts: [Nutrient: Amount]

    /// Creates nutrients from amounts with explicit units.
    ///
    /// - Parameter amounts: The amounts by nutrient.
    public init(amounts: [Nutrient: Amount]) {
        self.amounts = amounts
    }

    /// Creates nutrients in the usual units: kcal for calories, mg for cholesterol, calcium, iron, potassium
    /// and sodium, IU for vitamin D, and g for the rest. A `nil` argument leaves the nutrient out.
    ///
    /// - Parameters:
    ///   - calories: kcal.
    ///   - protein: g.
    ///   - carbohydrates: g.
    ///   - netCarbohydrates: g.
    ///   - totalFat: g.
    ///   - transFat: g.
    ///   - saturatedFat: g.
    ///   - fiber: g.
    ///   - totalSugars: g.
    ///   - addedSugars: g.
    ///   - cholesterol: mg.
    ///   - calcium: mg.
    ///   - iron: mg.
    ///   - potassium: mg.
    ///   - sodium: mg.
    ///   - vitaminD: IU.
    public init(
        calories: Double? = nil,
        protein: Double? = nil,
        carbohydrates: Double? = nil,
        netCarbohydrates: Double? = nil,
        totalFat: Double? = nil,
        transFat: Double? = nil,
        saturatedFat: Double? = nil,
        fiber: Double? = nil,
        totalSugars: Double? = nil,
        addedSugars: Double? = nil,
        cholesterol: Double? = nil,
        calcium: Double? = nil,
        iron: Double? = nil,
        potassium: Double? = nil,
        sodium: Double? = nil,
        vitaminD: Double? = nil
    ) {
        let pairs: [(Nutrient, Double?, String)] = [
            (.calories, calories, "kcal"), (.protein, protein, "g"), (.carbohydrates, carbohydrates, "g"),
            (.netCarbohydrates, netCarbohydrates, "g"), (.totalFat, totalFat, "g"), (.transFat, transFat, "g"),
            (.saturatedFat, saturatedFat, "g"), (.fiber, fiber, "g"), (.totalSugars, totalSugars, "g"),
            (.addedSugars, addedSugars, "g"), (.cholesterol, cholesterol, "mg"), (.calcium, calcium, "mg"),
            (.iron, iron, "mg"), (.potassium, potassium, "mg"), (.sodium, sodium, "mg"),
            (.vitaminD, vitaminD, "IU"),
        ]
        var amounts: [Nutrient: Amount] = [:]
        for (nutrient, value, unit) in pairs {
            if let value {
                amounts[nutrient] = Amount(value, unit)
            }
        }
        self.amounts = amounts
    }

    /// The amount of one nutrient, if known.
    ///
    /// - Parameter nutrient: The nutrient.
    public subscript(nutrient: Nutrient) -> Amount? {
        get { amounts[nutrient] }
        set { amounts[nutrient] = newValue }
    }

    /// Every amount multiplied by `factor`, rounded to two decimals as January's answers are.
    func scaled(by factor: Double) -> SimulatedNutrients {
        SimulatedNutrients(amounts: amounts.mapValues { Amount(Self.round2($0.value * factor), $0.unit) })
    }

    /// The sum per nutrient; a nutrient present in either is present in the sum.
    func adding(_ other: SimulatedNutrients) -> SimulatedNutrients {
        var sum = amounts
        for (nutrient, amount) in other.amounts {
            if let existing = sum[nutrient] {
                sum[nutrient] = Amount(Self.round2(existing.value + amount.value), existing.unit)
            } else {
                sum[nutrient] = amount
            }
        }
        return SimulatedNutrients(amounts: sum)
    }

    static func round2(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }

    var wire: JSONValue {
        .object(
            Dictionary(
                uniqueKeysWithValues: amounts.map {
                    (
                        $0.key.rawValue,
                        JSONValue.object(["value": .number($0.value.value), "unit": .string($0.value.unit)])
                    )
                }
            )
        )
    }

    /// Reads a `NutritionFacts` object; members that are not `{value, unit}` are skipped.
    init(wire: JSONValue?) {
        var amounts: [Nutrient: Amount] = [:]
        for (key, value) in wire?.objectValue ?? [:] {
            if let number = value["value"]?.doubleValue, let unit = value["unit"]?.stringValue {
                amounts[Nutrient(rawValue: key)] = Amount(number, unit)
            }
        }
        self.amounts = amounts
    }
}
