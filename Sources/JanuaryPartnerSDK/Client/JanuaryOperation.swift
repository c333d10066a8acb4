import Foundation
import JanuaryCore
import JanuaryTransport

/// One of the partner-facing operations of January's API v1.2, declared once: its `operationId`, method, path
/// template, what January's contract says about sending it twice, the scope a client token needs for it, and
/// whether it acts for one end user.
///
/// ``all`` is the one list. Every resource method names its operation here, and the replay rule comes from it
/// and nowhere else. Tests check the list against the resources (each operation, called through its resource,
/// reaches the simulator's operation of the same id), against the simulator's router, and against
/// Docs/Contract.md's operation table, so that none of the three can drift from the others.
struct JanuaryOperation: Sendable, Hashable {
    /// January's `operationId`, such as `searchFoods`.
    let id: String
    /// The HTTP method.
    let method: JanuaryRequest.Method
    /// The path with `{name}` for each parameter, such as `/v1.2/foods/{food_id}`.
    let template: String
    /// What January's contract says about sending the operation twice: ``/JanuaryTransport/JanuaryReplayClass/safe`` for every read,
    /// search, analysis, prediction, update and delete (several use `POST` only to carry a body, and January's own
    /// SDKs retry them); ``JanuaryReplayClass/onceOnly`` for a create January does not deduplicate, sent again only when
    /// January certainly recorded nothing (a rejected token, `429 rate_limited`). The one place it is decided.
    let replay: JanuaryReplayClass
    /// The scope a client token needs, such as `foods:read`.
    let scope: String
    /// Whether the operation acts for one end user and needs the end-user header.
    let isPerUser: Bool

    private init(
        _ id: String,
        _ method: JanuaryRequest.Method,
        _ template: String,
        _ replay: JanuaryReplayClass = .safe,
        scope: String,
        isPerUser: Bool = false
    ) {
        self.id = id
        self.method = method
        self.template = template
        self.replay = replay
        self.scope = scope
        self.isPerUser = isPerUser
    }

    /// Whether a request's method and path are this operation's: the path has the template's segments, each
    /// `{parameter}` standing for one non-empty segment.
    func matches(method: JanuaryRequest.Method, path: String) -> Bool {
        guard method == self.method else {
            return false
        }
        let expected = template.split(separator: "/", omittingEmptySubsequences: false)
        let actual = path.split(separator: "/", omittingEmptySubsequences: false)
        guard expected.count == actual.count else {
            return false
        }
        return zip(expected, actual).allSatisfy { pattern, segment in
            pattern.hasPrefix("{") ? !segment.isEmpty : pattern == segment
        }
    }
}

extension JanuaryOperation {
    static let searchFoods = JanuaryOperation("searchFoods", .get, "/v1.2/foods", scope: "foods:read")
    static let autocompleteFoods = JanuaryOperation(
        "autocompleteFoods", .get, "/v1.2/foods/autocomplete", scope: "foods:read")
    static let getFood = JanuaryOperation("getFood", .get, "/v1.2/foods/{food_id}", scope: "foods:read")
    static let lookupFoodByBarcode = JanuaryOperation(
        "lookupFoodByBarcode", .get, "/v1.2/foods/barcode/{barcode}", scope: "foods:read")
    static let suggestFoodAlternatives = JanuaryOperation(
        "suggestFoodAlternatives", .post, "/v1.2/foods/{food_id}/alternatives", scope: "foods:read")

    static let searchRestaurants = JanuaryOperation(
        "searchRestaurants", .get, "/v1.2/restaurants", scope: "restaurants:read")
    static let getRestaurantMenuItems = JanuaryOperation(
        "getRestaurantMenuItems", .get, "/v1.2/restaurants/{restaurant_id}/menu-items", scope: "restaurants:read")
    static let searchRestaurantMenuItems = JanuaryOperation(
        "searchRestaurantMenuItems", .get, "/v1.2/menu-items", scope: "restaurants:read")

    static let scanFoodPhoto = JanuaryOperation(
        "scanFoodPhoto", .post, "/v1.2/food-analysis/image", scope: "food_analysis:write")
    static let searchFoodsByNaturalLanguage = JanuaryOperation(
        "searchFoodsByNaturalLanguage", .post, "/v1.2/food-analysis/text", scope: "food_analysis:write")
    static let correctPhotoScan = JanuaryOperation(
        "correctPhotoScan", .post, "/v1.2/food-analysis/corrections", scope: "food_analysis:write")

    static let createFoodLog = JanuaryOperation(
        "createFoodLog", .post, "/v1.2/food-logs", .onceOnly, scope: "food_logs:write", isPerUser: true)
    static let listFoodLogs = JanuaryOperation(
        "listFoodLogs", .get, "/v1.2/food-logs", scope: "food_logs:read", isPerUser: true)
    static let getFoodLogSummary = JanuaryOperation(
        "getFoodLogSummary", .get, "/v1.2/food-logs/summary", scope: "food_logs:read", isPerUser: true)
    static let getFoodLog = JanuaryOperation(
        "getFoodLog", .get, "/v1.2/food-logs/{log_id}", scope: "food_logs:read", isPerUser: true)
    static let updateFoodLog = JanuaryOperation(
        "updateFoodLog", .patch, "/v1.2/food-logs/{log_id}", scope: "food_logs:write", isPerUser: true)
    static let deleteFoodLog = JanuaryOperation(
        "deleteFoodLog", .delete, "/v1.2/food-logs/{log_id}", scope: "food_logs:write", isPerUser: true)

    static let createWaterLog = JanuaryOperation(
        "createWaterLog", .post, "/v1.2/water-logs", .onceOnly, scope: "water_logs:write", isPerUser: true)
    static let listWaterLogs = JanuaryOperation(
        "listWaterLogs", .get, "/v1.2/water-logs", scope: "water_logs:read", isPerUser: true)
    static let deleteWaterLog = JanuaryOperation(
        "deleteWaterLog", .delete, "/v1.2/water-logs/{log_id}", scope: "water_logs:write", isPerUser: true)

    static let createWeightLog = JanuaryOperation(
        "createWeightLog", .post, "/v1.2/weight-logs", .onceOnly, scope: "weight_logs:write",
        isPerUser: true)
    static let listWeightLogs = JanuaryOperation(
        "listWeightLogs", .get, "/v1.2/weight-logs", scope: "weight_logs:read", isPerUser: true)

    static let predictGlucose = JanuaryOperation(
        "predictGlucose", .post, "/v1.2/glucose/predictions", scope: "glucose:read")

    /// Every partner-facing operation, in the order of Docs/Contract.md. January's server-only operations
    /// (minting and revoking client tokens, credits) are not here: they take the API key, which never enters an
    /// app, and the client refuses their paths.
    static let all: [JanuaryOperation] = [
        searchFoods, autocompleteFoods, getFood, lookupFoodByBarcode, suggestFoodAlternatives,
        searchRestaurants, getRestaurantMenuItems, searchRestaurantMenuItems,
        scanFoodPhoto, searchFoodsByNaturalLanguage, correctPhotoScan,
        createFoodLog, listFoodLogs, getFoodLogSummary, getFoodLog, updateFoodLog, deleteFoodLog,
        createWaterLog, listWaterLogs, deleteWaterLog,
        createWeightLog, listWeightLogs,
        predictGlucose,
    ]
}
