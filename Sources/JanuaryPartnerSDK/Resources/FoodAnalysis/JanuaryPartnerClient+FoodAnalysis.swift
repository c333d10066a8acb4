import Foundation

extension JanuaryPartnerClient {
    /// Recognises foods and portions in a photo or a description, and corrects a result in plain English.
    ///
    /// Needs the `food_analysis:write` scope on a client token.
    public var foodAnalysis: FoodAnalysis {
        FoodAnalysis(client: self)
    }

    /// Food analysis, reached through ``JanuaryPartnerClient/foodAnalysis``.
    ///
    /// An analysis takes tens of seconds, so these requests wait up to 120 seconds for January's answer rather
    /// than the client's usual ``JanuaryPartnerClient/Configuration/requestTimeout``. Every method checks its
    /// input first and throws `JanuaryError` of category `invalidInput` without sending anything when a rule is
    /// broken.
    ///
    /// ```swift
    /// var scan = try await january.foodAnalysis.analyzePhoto(.image(jpegData, contentType: .jpeg))
    /// scan = try await january.foodAnalysis.correct(scan, instruction: "It was half a cup of rice")
    /// let entries = scan.loggableFoods
    /// ```
    public struct FoodAnalysis: Sendable {
        let client: JanuaryPartnerClient

        /// Recognises the foods and portions in a photo of a meal or of a packaged product (front, ingredients or
        /// Nutrition Facts panel).
        ///
        /// - Parameters:
        ///   - photo: The photo, as an `https` URL or image bytes.
        ///   - reasoning: Which analyzer to use; `nil` (the default) lets January choose, which is the
        ///     reasoning-based one (`.xhigh`).
        /// - Returns: The foods recognised, with a meal name and a confidence for each.
        /// On Apple platforms image bytes are first prepared on the device (`FoodPhoto.preparation`, which Linux
        /// lacks): upright, long edge 1,000 px, JPEG, no metadata.
        ///
        /// - Throws: `JanuaryError`: `invalidInput` before sending for a URL that is not `https`, empty image
        ///   data, bytes photo preparation cannot read (not an image, no pixels, truncated), or an image too large
        ///   for the 5 MB request limit (code `payload_too_large`). From January:
        ///   `image_unreachable`, `image_corrupt`, `image_format_unsupported` and `image_invalid_base64` (the same
        ///   image always fails the same way: do not retry), `invalid_request` (for example a barcode-only photo),
        ///   `payload_too_large`, and `upstream_timeout` (retry, ideally with a smaller image).
        public func analyzePhoto(_ photo: FoodPhoto, reasoning: AnalysisReasoningEffort? = nil) async throws
            -> FoodScan
        {
            try await client.perform(FoodAnalysisRequests.photo(photo, reasoning: reasoning), returning: FoodScan.self)
        }

        /// Recognises the foods and portions in a description such as "two eggs and a slice of toast".
        ///
        /// - Parameter text: The description: 1 to 512 characters, not blank.
        /// - Returns: The foods recognised; the result has no meal name and no confidences.
        /// - Throws: `JanuaryError`: `invalidInput` for blank or over-long text, before sending; otherwise what
        ///   January answers.
        public func analyzeDescription(_ text: String) async throws -> FoodScan {
            try await client.perform(FoodAnalysisRequests.description(text), returning: FoodScan.self)
        }

        /// Corrects an analysis with a plain-English instruction, such as "the rice was brown rice, about 1 cup".
        ///
        /// Send the scan exactly as January returned it; adjust portions through the instruction, not by editing
        /// quantities. January recomputes the totals, clears the confidences, keeps a `nil` meal name, and drops any
        /// detection whose name or serving unit is `nil`.
        ///
        /// - Parameters:
        ///   - scan: The result of an earlier photo or description analysis, unchanged.
        ///   - instruction: What to change: 1 to 1000 characters, not blank.
        /// - Returns: The corrected analysis.
        /// - Throws: `JanuaryError`: `invalidInput` for a blank or over-long instruction, more than 100 detections
        ///   or a detection quantity outside 0–10 000, before sending; `invalid_request` when January finds a
        ///   detection incomplete (the message names its index); `upstream_timeout` (retry); otherwise what January
        ///   answers.
        public func correct(_ scan: FoodScan, instruction: String) async throws -> FoodScan {
            try await client.perform(
                FoodAnalysisRequests.correction(scan, instruction: instruction), returning: FoodScan.self)
        }
    }
}
