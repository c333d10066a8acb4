import Foundation
import JanuaryCore
import JanuaryPartnerSDK

/// The work the review sheet sends, over the facade and the logger. Platform-independent, so the same code runs in
/// the views and in the tests against the simulator.
enum MealReviewWork {
    /// Analyses a description (typed, or a voice transcript).
    static func analyse(_ text: String, with client: JanuaryPartnerClient) async -> Result<FoodScan, JanuaryError> {
        await capture { try await client.foodAnalysis.analyzeDescription(text) }
    }

    /// Fetches a food with all its servings.
    static func fetch(_ id: FoodID, with client: JanuaryPartnerClient) async -> Result<Food, JanuaryError> {
        await capture { try await client.foods.get(id: id) }
    }

    /// Searches the catalogue: one page, best match first.
    static func search(_ request: SearchFoodsRequest, with client: JanuaryPartnerClient) async -> Result<
        [Food], JanuaryError
    > {
        await capture { try await client.foods.search(request).items }
    }

    /// Logs the meal once with the logger. An error that is not January's (a logger of the partner's own) may
    /// have come after the meal was stored: it is reported as one that may have taken effect, so that the sheet
    /// never offers to log the meal again.
    static func log(_ request: CreateFoodLogRequest, with logger: MealLogger) async -> Result<FoodLog?, JanuaryError> {
        do {
            return .success(try await logger.log(request))
        } catch let error as JanuaryError {
            return .failure(error)
        } catch {
            return .failure(
                JanuaryError(
                    category: error is CancellationError ? .cancelled : .server,
                    message: "The meal logger failed; the meal may have been logged.",
                    underlyingError: error, mayHaveTakenEffect: true))
        }
    }

    /// Runs a read, turning what it throws into the result's failure.
    static func capture<Value: Sendable>(_ work: () async throws -> Value) async -> Result<Value, JanuaryError> {
        do {
            return .success(try await work())
        } catch {
            // The facade throws only JanuaryError; anything else is the task's cancellation.
            return .failure(
                error as? JanuaryError
                    ?? JanuaryError(
                        category: .cancelled, code: .cancelled, message: "The review's request was cancelled.",
                        underlyingError: error)
            )
        }
    }
}
