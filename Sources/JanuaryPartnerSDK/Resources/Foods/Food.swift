import Foundation
import JanuaryCore

/// A food from January's catalogue: a generic food, a branded product or a recipe.
///
/// Search, barcode lookup and ``JanuaryPartnerClient/Foods/get(id:)`` return foods. ``nutrients`` describe one
/// default serving; a search or barcode result lists only that serving in ``servings``, while `get(id:)` lists
/// them all. To show or log what the user actually ate, make a portion:
///
/// ```swift
/// guard let result = try await january.foods.search(SearchFoodsRequest(query: "banana")).items.first else { return }
/// let food = try await january.foods.get(id: result.id)  // every serving, not only the default one
/// let cup = food.servings.first { $0.unit == "cup" }
/// let portion = try food.portion(servingID: cup?.id, quantity: 1)
/// print(portion.amount ?? 1, portion.unit ?? "", portion.nutrients?.calories?.value ?? 0)  // 1.0 cup 105.0
/// ```
public struct Food: Sendable, Hashable, Codable, Identifiable {
    /// The food's id, for `foods.get(id:)`, alternatives, food logs and glucose predictions.
    public var id: FoodID

    /// Generic, branded or recipe; `nil` only if January did not say.
    public var type: FoodType?

    /// The food's name; `nil` only when January's catalogue has none.
    public var name: String?

    /// The brand of a branded product; `nil` for generic foods and recipes.
    public var brandName: String?

    /// Nutrients of one default serving (the serving with ``ServingOption/isPrimary`` set). Sparse: a nutrient
    /// January has no value for is `nil`.
    public var nutrients: NutritionFacts

    /// The food's glycemic index. It does not change with the portion size.
    public var glycemicIndex: Double?

    /// The glycemic load of one default serving. It scales with the portion.
    public var glycemicLoad: Double?

    /// A picture of the food.
    public var imageURL: URL?

    /// The product's barcode (UPC, EAN or GTIN) as January stores it, which may differ in leading zeros from
    /// what was scanned: display it, do not compare it.
    public var barcode: String?

    /// The food's servings: the default one only in search and barcode results, all of them from `get(id:)`.
    public var servings: [ServingOption]

    /// Creates a food, for previews and tests.
    ///
    /// - Parameters:
    ///   - id: The food's id.
    ///   - type: Generic, branded or recipe.
    ///   - name: The name.
    ///   - brandName: The brand, for a branded product.
    ///   - nutrients: Nutrients of one default serving.
    ///   - glycemicIndex: The glycemic index.
    ///   - glycemicLoad: The glycemic load of one default serving.
    ///   - imageURL: A picture of the food.
    ///   - barcode: The product's barcode.
    ///   - servings: The food's servings.
    public init(
        id: FoodID,
        type: FoodType? = nil,
        name: String? = nil,
        brandName: String? = nil,
        nutrients: NutritionFacts = NutritionFacts(),
        glycemicIndex: Double? = nil,
        glycemicLoad: Double? = nil,
        imageURL: URL? = nil,
        barcode: String? = nil,
        servings: [ServingOption] = []
    ) {
        self.id = id
        self.type = type
        self.name = name
        self.brandName = brandName
        self.nutrients = nutrients
        self.glycemicIndex = glycemicIndex
        self.glycemicLoad = glycemicLoad
        self.imageURL = imageURL
        self.barcode = barcode
        self.servings = servings
    }

    private enum Keys {
        static var id: WireKey { WireKey("id") }
        static var type: WireKey { WireKey("type") }
        static var name: WireKey { WireKey("name") }
        static var brandName: WireKey { WireKey("brand_name") }
        static var nutrients: WireKey { WireKey("nutrients") }
        static var glycemicIndex: WireKey { WireKey("glycemic_index") }
        static var glycemicLoad: WireKey { WireKey("glycemic_load") }
        static var imageURL: WireKey { WireKey("image_url") }
        static var barcode: WireKey { WireKey("barcode") }
        static var servings: WireKey { WireKey("servings") }
        // Older contracts named the barcode `upc`; read it when `barcode` is absent.
        static var upc: WireKey { WireKey("upc") }
    }

    /// Decodes a food; only the `id` is required. Missing `nutrients` and `servings` decode as empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the `id` is missing or a present value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.id = try container.decode(FoodID.self, forKey: Keys.id)
        self.type = try container.decodeIfPresent(FoodType.self, forKey: Keys.type)
        self.name = try container.decodeIfPresent(String.self, forKey: Keys.name)
        self.brandName = try container.decodeIfPresent(String.self, forKey: Keys.brandName)
        self.nutrients = try container.decodeNutrition(forKey: Keys.nutrients)
        self.glycemicIndex = try container.decodeIfPresent(Double.self, forKey: Keys.glycemicIndex)
        self.glycemicLoad = try container.decodeIfPresent(Double.self, forKey: Keys.glycemicLoad)
        self.imageURL = container.decodeURLIfPresent(forKey: Keys.imageURL)
        self.barcode =
            try container.decodeIfPresent(String.self, forKey: Keys.barcode)
            ?? container.decodeIfPresent(String.self, forKey: Keys.upc)
        self.servings = try container.decodeList([ServingOption].self, forKey: Keys.servings)
    }

    /// Encodes the food with January's keys, `null` for missing values.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(id, forKey: Keys.id)
        try container.encodeNullable(type, forKey: Keys.type)
        try container.encodeNullable(name, forKey: Keys.name)
        try container.encodeNullable(brandName, forKey: Keys.brandName)
        try container.encode(nutrients, forKey: Keys.nutrients)
        try container.encodeNullable(glycemicIndex, forKey: Keys.glycemicIndex)
        try container.encodeNullable(glycemicLoad, forKey: Keys.glycemicLoad)
        try container.encodeNullableURL(imageURL, forKey: Keys.imageURL)
        try container.encodeNullable(barcode, forKey: Keys.barcode)
        try container.encode(servings, forKey: Keys.servings)
    }
}

/// The kind of a catalogue food: generic, branded or recipe.
///
/// Pass one to a search to narrow it (`SearchFoodsRequest(query: "yogurt", type: .branded)`); read it on a
/// ``Food`` or ``FoodSuggestion`` to tell a supermarket product from a generic food.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public typealias FoodType = JanuaryVocabulary<JanuaryVocabularies.FoodType>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/FoodType``, which keeps its values apart from other vocabularies'.
    public enum FoodType {}
}

extension FoodType {
    /// A generic food, such as "banana".
    public static var generic: FoodType { FoodType(rawValue: "generic") }
    /// A branded, packaged product, with a ``Food/brandName``.
    public static var branded: FoodType { FoodType(rawValue: "branded") }
    /// A recipe. Food search only: autocomplete has no recipes.
    public static var recipe: FoodType { FoodType(rawValue: "recipe") }
}

/// January's identifier of a food in its catalogue, such as a search result or a restaurant menu item.
///
/// A food id is a decimal number of up to ten digits without a leading zero (`^[1-9][0-9]{0,9}$`). Restaurant menu
/// item ids follow the same pattern and work wherever a `FoodID` does: with `foods.get(id:)`, in food logs
/// and in glucose predictions.
///
/// On the wire the identifier is always a string; the SDK also reads it from a JSON integer and always writes
/// it back as a string. Treat it as opaque: compare it, store it, send it back, but do not compute with it.
///
/// ```swift
/// let food = try await january.foods.get(id: "1234567")
/// ```
public typealias FoodID = JanuaryIdentifier<Food>

extension Food: IdentifierOwner {
    static var identifierForm: IdentifierForm { .numeric }
}

extension Food {
    /// Hashes the food's ``id`` alone: equal foods have equal ids.
    ///
    /// Hashing every nested value as well compiled a copy of the standard library's array hashing for each nested
    /// type into the app (Docs/Benchmarks.md, "Size in an app"); values that compare equal still hash equally.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
