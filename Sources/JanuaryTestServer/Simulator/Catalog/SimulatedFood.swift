/// A food in the simulator's catalogue, as January's food database would hold it.
///
/// Add your own with ``JanuaryAPISimulator/addFood(_:)``; they are found by search, autocomplete, barcode
/// lookup, text and photo analysis, and can be logged.
///
/// ```swift
/// simulator.addFood(SimulatedFood(
///     id: "900001",
///     type: .branded,
///     name: "Trail Mix",
///     brandName: "Example Foods",
///     nutrients: SimulatedNutrients(calories: 170, protein: 5, carbohydrates: 15, totalFat: 11),
///     servings: [SimulatedFood.Serving(id: "900002", quantity: 1, unit: "oz", weightGrams: 28)],
///     barcode: "0123456789012"
/// ))
/// ```
public struct SimulatedFood: Sendable, Hashable {
    /// January's food `type`: `generic`, `branded` or `recipe`; an extensible set of values.
    public struct Kind: RawRepresentable, Hashable, Sendable {
        /// The wire value.
        public let rawValue: String

        /// Creates a kind from its wire value.
        ///
        /// - Parameter rawValue: The wire value.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// A generic food such as `banana`; generic names are lower case.
        public static let generic = Kind(rawValue: "generic")
        /// A packaged product with a brand.
        public static let branded = Kind(rawValue: "branded")
        /// A prepared dish.
        public static let recipe = Kind(rawValue: "recipe")
    }

    /// One way to measure a portion, January's `ServingOption`.
    public struct Serving: Sendable, Hashable {
        /// The serving id, a numeric string matching `^[1-9]\d{0,9}$`, unique across the catalogue.
        public var id: String
        /// How many `unit`s one serving is, such as `1` for `1 cup`.
        public var quantity: Double?
        /// The unit, such as `cup`, `oz`, `slice` or `g`.
        public var unit: String?
        /// The multiplier applied to the food's nutrients (which are per default serving) for this serving;
        /// when `nil`, the ratio of `weightGrams` to the default serving's weight, else 1.
        public var scalingFactor: Double?
        /// The grams of one serving.
        public var weightGrams: Double?
        /// Whether this is the default serving; the first serving is the default when none is.
        public var isPrimary: Bool?

        /// Creates a serving.
        ///
        /// - Parameters:
        ///   - id: The serving id (numeric string).
        ///   - quantity: How many units one serving is.
        ///   - unit: The unit.
        ///   - scalingFactor: The multiplier on the default serving's nutrients.
        ///   - weightGrams: The grams of one serving.
        ///   - isPrimary: Whether it is the default serving.
        public init(
            id: String,
            quantity: Double? = 1,
            unit: String?,
            scalingFactor: Double? = nil,
            weightGrams: Double? = nil,
            isPrimary: Bool? = nil
        ) {
            self.id = id
            self.quantity = quantity
            self.unit = unit
            self.scalingFactor = scalingFactor
            self.weightGrams = weightGrams
            self.isPrimary = isPrimary
        }
    }

    /// The food id, a numeric string matching `^[1-9]\d{0,9}$`.
    public var id: String
    /// `generic`, `branded` or `recipe`.
    public var type: Kind
    /// The display name.
    public var name: String?
    /// The brand; `nil` for generic foods and recipes.
    public var brandName: String?
    /// Nutrients of one default serving.
    public var nutrients: SimulatedNutrients
    /// The servings; the default one first or marked `isPrimary`.
    public var servings: [Serving]
    /// The glycemic index, if known.
    public var glycemicIndex: Double?
    /// The glycemic load of one default serving, if known.
    public var glycemicLoad: Double?
    /// An image URL.
    public var imageURL: String?
    /// A UPC/EAN/GTIN barcode of 6 to 14 digits.
    public var barcode: String?
    /// Other names search and text analysis recognise, such as `eggs` or `toast`.
    public var aliases: [String]
    /// A group (such as `grain` or `beverage`) within which alternatives are suggested.
    public var category: String?
    /// Diet restrictions the food violates, from the alternatives vocabulary (`gluten`, `dairy`, `eggs`, …).
    public var contains: Set<String>
    /// Diet preferences the food suits (`vegan`, `keto`, `high_protein`, …).
    public var suits: Set<String>

    /// Creates a food.
    ///
    /// - Parameters:
    ///   - id: The food id (numeric string).
    ///   - type: `generic`, `branded` or `recipe`.
    ///   - name: The display name.
    ///   - brandName: The brand, for branded foods.
    ///   - nutrients: Nutrients of one default serving.
    ///   - servings: The servings; at least one.
    ///   - glycemicIndex: The glycemic index.
    ///   - glycemicLoad: The glycemic load of one default serving.
    ///   - imageURL: An image URL.
    ///   - barcode: A barcode of 6 to 14 digits.
    ///   - aliases: Other names search and analysis recognise.
    ///   - category: The group for alternatives.
    ///   - contains: Diet restrictions it violates.
    ///   - suits: Diet preferences it suits.
    public init(
        id: String,
        type: Kind,
        name: String?,
        brandName: String? = nil,
        nutrients: SimulatedNutrients,
        servings: [Serving],
        glycemicIndex: Double? = nil,
        glycemicLoad: Double? = nil,
        imageURL: String? = nil,
        barcode: String? = nil,
        aliases: [String] = [],
        category: String? = nil,
        contains: Set<String> = [],
        suits: Set<String> = []
    ) {
        self.id = id
        self.type = type
        self.name = name
        self.brandName = brandName
        self.nutrients = nutrients
        self.servings = servings
        self.glycemicIndex = glycemicIndex
        self.glycemicLoad = glycemicLoad
        self.imageURL = imageURL
        self.barcode = barcode
        self.aliases = aliases
        self.category = category
        self.contains = contains
        self.suits = suits
    }

    /// The default serving: the first marked primary, else the first.
    var defaultServing: Serving? {
        servings.first { $0.isPrimary == true } ?? servings.first
    }

    func serving(id: String) -> Serving? {
        servings.first { $0.id == id }
    }

    /// How a serving's nutrients relate to the default serving's.
    func factor(of serving: Serving) -> Double {
        if let factor = serving.scalingFactor {
            return factor
        }
        if let grams = serving.weightGrams, let base = defaultServing?.weightGrams, base > 0 {
            return grams / base
        }
        return 1
    }

    /// Nutrients of `quantity` servings of `serving`.
    func nutrients(quantity: Double, of serving: Serving) -> SimulatedNutrients {
        nutrients.scaled(by: factor(of: serving) * quantity)
    }
}
