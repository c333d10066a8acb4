import Foundation

// The baseline of figures 6 and 7: structs an app would write to decode the same answers without the SDK. Each
// decodes exactly the fields the SDK's model decodes, with the same explicit CodingKeys and the same tolerance
// (missing and `null` alike, lenient nutrients and image URLs, identifiers as strings or integers, `upc` for an
// absent `barcode`), so that the figure compares the SDK's work with the same work done by hand, not with less.

/// An identifier read from a JSON string or integer, as the SDK's `FoodID` and `ServingID` are.
struct BaselineIdentifier: Decodable {
    let rawValue: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            rawValue = text
        } else if let number = try? container.decode(Int64.self) {
            rawValue = String(number)
        } else if let number = try? container.decode(UInt64.self) {
            rawValue = String(number)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an identifier.")
        }
    }
}

/// A vocabulary value (a food type, a nutrient unit): a single JSON string, as the SDK's are.
struct BaselineVocabulary: RawRepresentable, Decodable {
    let rawValue: String
}

struct BaselineNutrientAmount: Decodable {
    let value: Double
    let unit: BaselineVocabulary

    enum CodingKeys: String, CodingKey {
        case value
        case unit
    }
}

struct BaselineNutritionFacts: Decodable {
    var calories: BaselineNutrientAmount?
    var protein: BaselineNutrientAmount?
    var carbohydrates: BaselineNutrientAmount?
    var netCarbohydrates: BaselineNutrientAmount?
    var totalFat: BaselineNutrientAmount?
    var transFat: BaselineNutrientAmount?
    var saturatedFat: BaselineNutrientAmount?
    var fiber: BaselineNutrientAmount?
    var totalSugars: BaselineNutrientAmount?
    var addedSugars: BaselineNutrientAmount?
    var cholesterol: BaselineNutrientAmount?
    var calcium: BaselineNutrientAmount?
    var iron: BaselineNutrientAmount?
    var potassium: BaselineNutrientAmount?
    var sodium: BaselineNutrientAmount?
    var vitaminD: BaselineNutrientAmount?

    enum CodingKeys: String, CodingKey {
        case calories
        case protein
        case carbohydrates
        case netCarbohydrates = "net_carbohydrates"
        case totalFat = "total_fat"
        case transFat = "trans_fat"
        case saturatedFat = "saturated_fat"
        case fiber
        case totalSugars = "total_sugars"
        case addedSugars = "added_sugars"
        case cholesterol
        case calcium
        case iron
        case potassium
        case sodium
        case vitaminD = "vitamin_d"
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        calories = container.lenientAmount(forKey: .calories)
        protein = container.lenientAmount(forKey: .protein)
        carbohydrates = container.lenientAmount(forKey: .carbohydrates)
        netCarbohydrates = container.lenientAmount(forKey: .netCarbohydrates)
        totalFat = container.lenientAmount(forKey: .totalFat)
        transFat = container.lenientAmount(forKey: .transFat)
        saturatedFat = container.lenientAmount(forKey: .saturatedFat)
        fiber = container.lenientAmount(forKey: .fiber)
        totalSugars = container.lenientAmount(forKey: .totalSugars)
        addedSugars = container.lenientAmount(forKey: .addedSugars)
        cholesterol = container.lenientAmount(forKey: .cholesterol)
        calcium = container.lenientAmount(forKey: .calcium)
        iron = container.lenientAmount(forKey: .iron)
        potassium = container.lenientAmount(forKey: .potassium)
        sodium = container.lenientAmount(forKey: .sodium)
        vitaminD = container.lenientAmount(forKey: .vitaminD)
    }
}

extension KeyedDecodingContainer where Key == BaselineNutritionFacts.CodingKeys {
    fileprivate func lenientAmount(forKey key: Key) -> BaselineNutrientAmount? {
        (try? decodeIfPresent(BaselineNutrientAmount.self, forKey: key)) ?? nil
    }
}

struct BaselineServingOption: Decodable {
    let id: BaselineIdentifier
    let quantity: Double?
    let unit: String?
    let scalingFactor: Double?
    let weightGrams: Double?
    let isPrimary: Bool?

    enum CodingKeys: String, CodingKey {
        case id
        case quantity
        case unit
        case scalingFactor = "scaling_factor"
        case weightGrams = "weight_grams"
        case isPrimary = "is_primary"
    }
}

extension KeyedDecodingContainer {
    fileprivate func baselineURL(forKey key: Key) -> URL? {
        guard let text = (try? decodeIfPresent(String.self, forKey: key)) ?? nil, !text.isEmpty else {
            return nil
        }
        return URL(string: text)
    }

    fileprivate func baselineNutrition(forKey key: Key) throws -> BaselineNutritionFacts {
        try decodeIfPresent(BaselineNutritionFacts.self, forKey: key) ?? BaselineNutritionFacts()
    }

    fileprivate func baselineList<Element: Decodable>(_ type: [Element].Type, forKey key: Key) throws -> [Element] {
        try decodeIfPresent(type, forKey: key) ?? []
    }
}

struct BaselineFood: Decodable {
    let id: BaselineIdentifier
    let type: BaselineVocabulary?
    let name: String?
    let brandName: String?
    let nutrients: BaselineNutritionFacts
    let glycemicIndex: Double?
    let glycemicLoad: Double?
    let imageURL: URL?
    let barcode: String?
    let servings: [BaselineServingOption]

    enum CodingKeys: String, CodingKey {
        case id
        case type
        case name
        case brandName = "brand_name"
        case nutrients
        case glycemicIndex = "glycemic_index"
        case glycemicLoad = "glycemic_load"
        case imageURL = "image_url"
        case barcode
        case servings
        case upc
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(BaselineIdentifier.self, forKey: .id)
        type = try container.decodeIfPresent(BaselineVocabulary.self, forKey: .type)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        brandName = try container.decodeIfPresent(String.self, forKey: .brandName)
        nutrients = try container.baselineNutrition(forKey: .nutrients)
        glycemicIndex = try container.decodeIfPresent(Double.self, forKey: .glycemicIndex)
        glycemicLoad = try container.decodeIfPresent(Double.self, forKey: .glycemicLoad)
        imageURL = container.baselineURL(forKey: .imageURL)
        barcode =
            try container.decodeIfPresent(String.self, forKey: .barcode)
            ?? container.decodeIfPresent(String.self, forKey: .upc)
        servings = try container.baselineList([BaselineServingOption].self, forKey: .servings)
    }
}

struct BaselineFoodSearchResults: Decodable {
    let items: [BaselineFood]

    enum CodingKeys: String, CodingKey {
        case items
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.baselineList([BaselineFood].self, forKey: .items)
    }
}

struct BaselineMenuItem: Decodable {
    let id: BaselineIdentifier
    let name: String?
    let nutrients: BaselineNutritionFacts
    let glycemicIndex: Double?
    let glycemicLoad: Double?
    let servings: [BaselineServingOption]

    enum CodingKeys: String, CodingKey {
        case id
        case name
        case nutrients
        case glycemicIndex = "glycemic_index"
        case glycemicLoad = "glycemic_load"
        case servings
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(BaselineIdentifier.self, forKey: .id)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        nutrients = try container.baselineNutrition(forKey: .nutrients)
        glycemicIndex = try container.decodeIfPresent(Double.self, forKey: .glycemicIndex)
        glycemicLoad = try container.decodeIfPresent(Double.self, forKey: .glycemicLoad)
        servings = try container.baselineList([BaselineServingOption].self, forKey: .servings)
    }
}

struct BaselineMenuItemsResponse: Decodable {
    let items: [BaselineMenuItem]

    enum CodingKeys: String, CodingKey {
        case items
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.baselineList([BaselineMenuItem].self, forKey: .items)
    }
}
