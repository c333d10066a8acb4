import Foundation

/// What a food analysis recognised in a photo or a description: the foods, their portions and the totals.
///
/// ```swift
/// let scan = try await january.foodAnalysis.analyzePhoto(.image(jpegData, contentType: .jpeg))
/// for detection in scan.detections {
///     print(detection.food.name ?? "?", detection.food.amount ?? 0, detection.food.unit ?? "")
/// }
/// let entries = scan.loggableFoods  // ready for a food log
/// ```
///
/// All nutrients here are already those of the portions eaten: do not scale them again.
public struct FoodScan: Sendable, Hashable, Codable {
    /// A name for the meal in a photo, such as "Chicken salad"; `nil` for text analyses.
    public var mealName: String?

    /// The sum of the detections' nutrients. A nutrient no detection has a value for is `nil`.
    public var totalNutrients: NutritionFacts

    /// The foods recognised; empty when nothing was, which is not an error.
    public var detections: [FoodDetection]

    /// Creates a scan, for previews and tests.
    ///
    /// - Parameters:
    ///   - mealName: A name for the meal.
    ///   - totalNutrients: The sum of the detections' nutrients.
    ///   - detections: The foods recognised.
    public init(mealName: String? = nil, totalNutrients: NutritionFacts = NutritionFacts(), detections: [FoodDetection])
    {
        self.mealName = mealName
        self.totalNutrients = totalNutrients
        self.detections = detections
    }

    /// Every detected food as a food log entry (food id, serving id, quantity), in order.
    ///
    /// A detection January sent without a quantity or serving (which its contract does not allow) is left out.
    public var loggableFoods: [FoodLogInputFood] {
        detections.compactMap(\.food.loggableFood)
    }

    private enum Keys {
        static var mealName: WireKey { WireKey("meal_name") }
        static var totalNutrients: WireKey { WireKey("total_nutrients") }
        static var detections: WireKey { WireKey("detections") }
    }

    /// Decodes a scan; missing `total_nutrients` and `detections` decode as empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a detection is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.mealName = try container.decodeIfPresent(String.self, forKey: Keys.mealName)
        self.totalNutrients = try container.decodeNutrition(forKey: Keys.totalNutrients)
        self.detections = try container.decodeList([FoodDetection].self, forKey: Keys.detections)
    }

    /// Encodes the scan with January's keys, as the correction endpoint expects it back.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encodeNullable(mealName, forKey: Keys.mealName)
        try container.encode(totalNutrients, forKey: Keys.totalNutrients)
        try container.encode(detections, forKey: Keys.detections)
    }
}

extension FoodScan {
    /// Hashes the meal's name and how many foods it found: equal scans agree on both.
    ///
    /// Hashing every nested value as well compiled a copy of the standard library's array hashing for each nested
    /// type into the app (Docs/Benchmarks.md, "Size in an app"); values that compare equal still hash equally.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(mealName)
        hasher.combine(detections.count)
    }
}
