import Foundation
import JanuaryCore
import JanuaryTransport

/// One of the partner-facing operations of January's API v1.2, declared once: its `operationId`, method, path
/// template, what January's contract says about sending it twice, the scope a client token needs for it, and
/// whether it acts for one end user.
///
/// The operation makes its own requests (``request(_:query:body:timeout:)``), so that its method and path are
/// written here and nowhere else, and its replay class goes with every request it makes. ``all`` is the one list.
/// Tests check the list against the resources (each operation, called through its resource, reaches the
/// simulator's operation of the same id), against the simulator's router, against Docs/Contract.md's operation
/// table, and that no other source file spells a method or a January path
/// (`OperationTableTests.methodsAndPathsAreSpelledOnlyHere`).
struct JanuaryOperation: Sendable {
    /// January's `operationId`, such as `searchFoods`.
    let id: String
    /// The HTTP method.
    let method: JanuaryRequest.Method
    /// The path with `{name}` for each parameter, such as `/v1.2/foods/{food_id}`.
    let template: String
    /// What January's contract says about sending the operation twice: ``/JanuaryTransport/JanuaryReplayClass/safe``
    /// for every read, search, analysis, prediction, update and delete (several use `POST` only to carry a body,
    /// and January's own SDKs retry them); ``/JanuaryTransport/JanuaryReplayClass/onceOnly`` for a create January
    /// does not deduplicate, sent again only when January certainly recorded nothing (a rejected token,
    /// `429 rate_limited`). The one place it is decided.
    let replay: JanuaryReplayClass
    /// The scope a client token needs, such as `foods:read`.
    let scope: String
    /// Whether the operation acts for one end user and needs the end-user header.
    let isPerUser: Bool
    /// The template's segments, each a literal or, for `{name}`, `nil`: the place of the request's parameter.
    private let segments: [String?]
    /// The path of an operation without a parameter, encoded once for all its requests.
    private let fixedPath: RequestPath?

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
        segments = template.split(separator: "/").map { $0.hasPrefix("{") ? nil : String($0) }
        // A template of literal segments always encodes; were one to fail, every request would encode it again
        // and throw, rather than the process stopping.
        fixedPath = segments.contains(nil) ? nil : try? RequestPath(segments: segments.compactMap { $0 })
    }

    /// A request of this operation: its method, its path with `parameter` in the template's `{name}`, and its
    /// replay class.
    ///
    /// - Parameters:
    ///   - parameter: The value of the template's one parameter (a food, restaurant or log id, a barcode), not
    ///     percent-encoded; `nil` for an operation without one.
    ///   - query: Query items to append.
    ///   - body: The body.
    ///   - timeout: The request's own timeout, or `nil` for the client's.
    /// - Returns: The request, its path encoded once.
    /// - Throws: ``/JanuaryCore/JanuaryError/Category/invalidInput`` when `parameter` cannot be a path segment
    ///   (empty, `.` or `..`, or holding `/`, `\`, `;` or a control character), or when it is missing or given to
    ///   an operation without a parameter, which is a mistake in the SDK.
    func request(
        _ parameter: String? = nil,
        query: [URLQueryItem] = [],
        body: JanuaryRequest.Body = .empty,
        timeout: TimeInterval? = nil
    ) throws -> JanuaryRequest {
        var request = JanuaryRequest(
            method: method, path: try path(parameter), queryItems: query, body: body, replay: replay)
        request.timeout = timeout
        return request
    }

    /// The path with `parameter` in the template's place for it.
    private func path(_ parameter: String?) throws -> RequestPath {
        if let fixedPath, parameter == nil {
            return fixedPath
        }
        let parameters = segments.lazy.filter { $0 == nil }.count
        guard parameters == (parameter == nil ? 0 : 1) else {
            throw JanuaryError.invalidInput(
                "\(id) takes \(parameters) path parameter\(parameters == 1 ? "" : "s"); the SDK gave "
                    + "\(parameter == nil ? "none" : "one"). This is a bug in the SDK; please report it."
            )
        }
        return try RequestPath(segments: segments.map { $0 ?? parameter ?? "" })
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
