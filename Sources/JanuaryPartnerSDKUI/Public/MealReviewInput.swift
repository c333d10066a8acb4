import Foundation
import JanuaryPartnerSDK

/// What the review sheet opens with: a meal January analysed (a photo, or a voice transcript analysed with
/// `analyzeDescription`), a food from a barcode, or a description still to analyse. Every source ends in the same
/// sheet, with the same editing and the same "Log".
public struct MealReviewInput: Sendable, Hashable {
    enum Source: Sendable, Hashable {
        case scan(FoodScan)
        case food(Food)
        case description(String)
    }

    let source: Source

    private init(source: Source) {
        self.source = source
    }

    /// A meal January analysed already: a photo's `analyzePhoto`, a description's or a voice transcript's
    /// `analyzeDescription`, or a correction. Each detected food becomes an item with its serving and quantity; a
    /// detection January sent without either (which its contract does not allow) is left out and the sheet says so.
    ///
    /// - Parameter scan: The analysis.
    /// - Returns: The input.
    public static func scan(_ scan: FoodScan) -> MealReviewInput {
        MealReviewInput(source: .scan(scan))
    }

    /// One catalogue food, such as the scanner's barcode result, as a meal of one item: its default serving, once.
    /// Pass a food from `foods.get(id:)`, which lists all its servings for the serving picker; a search result lists
    /// only its default serving.
    ///
    /// - Parameter food: The food.
    /// - Returns: The input.
    public static func food(_ food: Food) -> MealReviewInput {
        MealReviewInput(source: .food(food))
    }

    /// A description of a meal, such as text the user typed or a voice transcript: the sheet analyses it with
    /// `analyzeDescription` first (1 to 512 characters, not blank), showing progress, then opens on what January
    /// recognised.
    ///
    /// - Parameter text: The description.
    /// - Returns: The input.
    public static func description(_ text: String) -> MealReviewInput {
        MealReviewInput(source: .description(text))
    }

    /// What the meal scanner delivered: a photo's meal becomes ``scan(_:)`` of its analysis, a barcode's food
    /// ``food(_:)``.
    ///
    /// - Parameter result: The scanner's result.
    public init(_ result: MealScannerResult) {
        switch result {
        case .meal(_, let scan): self = .scan(scan)
        case .food(let food, _): self = .food(food)
        }
    }
}
