import Foundation
import JanuaryCore
import JanuaryPartnerSDK

/// The one piece of work voice capture sends to January, over the facade: the user's checked text, never audio.
/// Platform-independent, so the same code runs in the views and in the tests against the simulator.
enum VoiceCaptureWork {
    /// Analyses the text with `analyzeDescription`.
    static func analyse(_ text: String, with client: JanuaryPartnerClient) async -> Result<FoodScan, JanuaryError> {
        do {
            return .success(try await client.foodAnalysis.analyzeDescription(text))
        } catch {
            // The facade throws only JanuaryError; anything else is the task's cancellation.
            return .failure(
                error as? JanuaryError
                    ?? JanuaryError(
                        category: .cancelled, code: .cancelled, message: "The analysis was cancelled.",
                        underlyingError: error)
            )
        }
    }
}
