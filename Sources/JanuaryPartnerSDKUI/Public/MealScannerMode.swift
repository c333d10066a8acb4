/// What the scanner reads: a photo of a meal, analysed by January, or a product's barcode, looked up in January's
/// catalogue.
public enum MealScannerMode: String, Sendable, Hashable, CaseIterable {
    /// A photo of a meal or a packaged product, analysed with `analyzePhoto`.
    case photo
    /// An EAN-8, EAN-13, UPC-A or UPC-E barcode, looked up with `get(barcode:)` and then fetched with `get(id:)`.
    case barcode
}
