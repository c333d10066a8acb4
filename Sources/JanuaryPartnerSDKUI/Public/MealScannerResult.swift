import Foundation
import JanuaryPartnerSDK

/// What the scanner hands back when the user is done: a meal from a photo, or a food from a barcode. Cancelling is
/// reported through its own callback, never as a result.
public enum MealScannerResult: Sendable, Hashable {
    /// A meal photo and January's analysis of it.
    ///
    /// - Parameters:
    ///   - image: The photo as it was sent: a JPEG, upright, prepared with `PhotoPreparation.standard` (the shorter
    ///     side at most 1,024 px, the long edge at most 2,048 px), without metadata.
    ///   - scan: January's analysis.
    case meal(image: Data, scan: FoodScan)
    /// A packaged food found by its barcode, with all its servings.
    ///
    /// - Parameters:
    ///   - food: The food, from `foods.get(id:)` after the barcode lookup.
    ///   - barcode: The digits as the camera read them (a UPC-A reads as an EAN-13 with a leading 0).
    case food(Food, barcode: String)
}
