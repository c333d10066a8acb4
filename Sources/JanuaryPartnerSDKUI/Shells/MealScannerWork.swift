import Foundation
import JanuaryCore
import JanuaryPartnerSDK

/// The two pieces of work the scanner sends to January, over the facade. Platform-independent, so the same code
/// runs in the views and in the tests against the simulator.
enum MealScannerWork {
    /// Analyses a photo as it is: the shell prepared it already (on Apple platforms, where `StillPhotoReader` made it
    /// a JPEG before the state machine saw it), so that the app gets the very bytes January analysed.
    static func analyse(_ data: Data, with client: JanuaryPartnerClient) async -> Result<
        MealScannerResult, JanuaryError
    > {
        await capture {
            #if canImport(ImageIO)
            var photo = try FoodPhoto.image(data)
            photo.preparation = nil
            #else
            let photo = try FoodPhoto.image(data)
            #endif
            let scan = try await client.foodAnalysis.analyzePhoto(photo)
            return .meal(image: data, scan: scan)
        }
    }

    /// Looks the barcode up, then fetches the food with all its servings.
    static func lookUp(_ barcode: String, with client: JanuaryPartnerClient) async -> Result<
        MealScannerResult, JanuaryError
    > {
        await capture {
            let found = try await client.foods.get(barcode: barcode)
            let food = try await client.foods.get(id: found.id)
            return .food(food, barcode: barcode)
        }
    }

    /// Runs work, turning what it throws into the result's failure.
    static func capture(
        _ work: () async throws -> MealScannerResult
    ) async -> Result<MealScannerResult, JanuaryError> {
        do {
            return .success(try await work())
        } catch {
            // The facade throws only JanuaryError; anything else is the task's cancellation.
            return .failure(
                error as? JanuaryError
                    ?? JanuaryError(
                        category: .cancelled, code: .cancelled, message: "The scan was cancelled.",
                        underlyingError: error)
            )
        }
    }
}
