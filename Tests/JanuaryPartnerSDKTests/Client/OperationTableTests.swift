import Foundation
import JanuaryPartnerSDKTestSupport
import Testing

@testable import JanuaryPartnerSDK
@testable import JanuaryTestServer

/// The partner-facing operations are declared once, in `JanuaryOperation.all`; these tests hold the SDK's
/// resources, the simulator's router and Docs/Contract.md to that one list, so that an operation added to one and
/// not the others fails here.
@Suite("One table of January's operations", suiteTimeLimit())
struct OperationTableTests {
    /// One row of the table, as the SDK, the simulator and the contract page can each state it.
    struct Row: Hashable, CustomStringConvertible {
        var id: String
        var method: String
        var template: String
        var scope: String
        var isPerUser: Bool

        var description: String { "\(id) \(method) \(template) \(scope)\(isPerUser ? " per-user" : "")" }
    }

    static let table = Set(
        JanuaryOperation.all.map {
            Row(id: $0.id, method: $0.method.rawValue, template: $0.template, scope: $0.scope, isPerUser: $0.isPerUser)
        }
    )

    @Test func everyOperationIsDeclaredOnce() {
        #expect(JanuaryOperation.all.count == 23)
        #expect(Set(JanuaryOperation.all.map(\.id)).count == JanuaryOperation.all.count)
        #expect(Set(JanuaryOperation.all.map { "\($0.method.rawValue) \($0.template)" }).count == 23)
    }

    /// January's creates are the only operations it does not deduplicate (contract §4.7.2).
    @Test func onlyTheCreatesAreSentOnceOnly() {
        let onceOnly = JanuaryOperation.all.filter { $0.replay == .onceOnly }.map(\.id)
        #expect(onceOnly == ["createFoodLog", "createWaterLog", "createWeightLog"])
    }

    /// Each operation makes its own request: its method, its template with the parameter in place (encoded once),
    /// its replay class, and nothing else.
    @Test(arguments: JanuaryOperation.all)
    func anOperationMakesItsRequest(_ operation: JanuaryOperation) throws {
        let takesParameter = operation.template.contains("{")
        let request = try operation.request(takesParameter ? "a b" : nil)
        #expect(request.method == operation.method)
        let expected = operation.template.replacingOccurrences(
            of: #"\{[a-z_]+\}"#, with: "a%20b", options: .regularExpression)
        #expect(request.path == expected)
        #expect(request.replay == operation.replay)
        #expect(request.queryItems.isEmpty && request.headers.isEmpty && request.partnerUserID == nil)
        // A parameter too many or too few is the SDK's mistake, refused before anything is sent.
        #expect(throws: JanuaryError.self) { try operation.request(takesParameter ? nil : "1001") }
        #expect(throws: JanuaryError.self) { try operation.request(takesParameter ? "../auth" : "1001") }
    }

    /// A request an operation made keeps its encoded path only until someone gives it another: the path sent is
    /// always the one the request shows.
    @Test func aNewPathReplacesTheEncodedOne() async throws {
        let harness = try ScriptedClient()
        var request = try JanuaryOperation.getFood.request("1001")
        #expect(request.path == "/v1.2/foods/1001")
        request.path = "/v1.2/foods/2002"
        _ = try await harness.client.send(request)
        #expect(harness.transport.requests.map(\.url.path) == ["/v1.2/foods/2002"])
    }

    /// An operation's method and path are written in its declaration and nowhere else in the SDK or the modules
    /// above it (the UI, Health): no other source file names an HTTP method for a request or spells a path under
    /// `/v1.2`, so that the resources cannot drift from the table, and the table is the one place to read what
    /// the SDK sends. Comments may quote paths.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: #filePath), "reads the package's sources"))
    func methodsAndPathsAreSpelledOnlyHere() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let table = "JanuaryPartnerSDK/Client/JanuaryOperation.swift"
        // The server-only guard names January's token and credit endpoints, which no operation has: it refuses them.
        let serverOnlyGuard = "JanuaryPartnerSDK/Wire/RequestPath.swift"
        // A path's segment as path text (`"/summary"`); `"foods"` alone is also a JSON field.
        let segments = Set(
            JanuaryOperation.all.flatMap { $0.template.split(separator: "/") }.filter {
                !$0.hasPrefix("{") && $0 != "v1.2"
            }.map { "\"/\($0)" })
        let methods = #/(method:|\.method\s*=)\s*\.(get|head|post|put|patch|delete|options)\b/#
        var spelled: [String] = []
        var read = 0
        let sources = root.appendingPathComponent("Sources")
        for module in ["JanuaryPartnerSDK", "JanuaryPartnerSDKUI", "JanuaryPartnerSDKHealth"] {
            let folder = sources.appendingPathComponent(module)
            let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let file as URL in files where file.pathExtension == "swift" {
                let relative = String(file.path.dropFirst(sources.path.count + 1))
                read += 1
                guard relative != table else {
                    continue
                }
                let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
                for (number, line) in lines.enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//") else {
                        continue
                    }
                    let namesAPath =
                        (code.contains("\"/v1.2") || code.contains("\"v1.2\"")) && relative != serverOnlyGuard
                    let namesASegment = segments.contains { code.contains($0) }
                    if namesAPath || namesASegment || code.contains(methods) {
                        spelled.append("\(relative):\(number + 1): \(code)")
                    }
                }
            }
        }
        #expect(read > 100, "found only \(read) source files: the folders moved?")
        #expect(spelled.isEmpty, "spelled outside \(table): \(spelled.joined(separator: "\n"))")
    }

    @Test func theSimulatorServesExactlyTheTable() {
        let simulated = Set(
            Router.partnerAPI.operations.filter { $0.access != .apiKeyOnly }.map {
                Row(
                    id: $0.name, method: $0.method, template: $0.template, scope: $0.scope?.rawValue ?? "-",
                    isPerUser: $0.isPerUser)
            }
        )
        #expect(
            simulated.subtracting(Self.table).isEmpty,
            "the simulator serves operations the SDK's table lacks: \(simulated.subtracting(Self.table))")
        #expect(
            Self.table.subtracting(simulated).isEmpty,
            "the SDK's table has operations the simulator lacks: \(Self.table.subtracting(simulated))")
    }

    /// Docs/Contract.md's operation table, between its markers, is the SDK's table, row for row.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: #filePath), "reads the package's Docs"))
    func theContractPageListsTheTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("Docs/Contract.md"), encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex(of: "<!-- operations:begin -->"))
        let end = try #require(lines.firstIndex(of: "<!-- operations:end -->"))
        let listed = Array(lines[(begin + 1)..<end])
        #expect(listed == Self.contractRows(), "regenerate the table from JanuaryOperation.all")
    }

    /// The contract page's table for `JanuaryOperation.all`, in its order.
    static func contractRows() -> [String] {
        [
            "| Operation | Method and path | Scope | End user | Sent again after an unknown outcome |",
            "| --- | --- | --- | --- | --- |",
        ]
            + JanuaryOperation.all.map { operation in
                let replay = operation.replay == .safe ? "yes" : "no: January does not deduplicate it"
                return
                    "| `\(operation.id)` | `\(operation.method.rawValue) \(operation.template)` | `\(operation.scope)` | "
                    + "\(operation.isPerUser ? "required" : "no") | \(replay) |"
            }
    }

    typealias Call = @Sendable (JanuaryPartnerClient, JanuaryUserClient) async throws -> Void

    /// Each operation, called through the resource method a partner uses.
    static let calls: [String: Call] = [
        "searchFoods": { january, _ in _ = try await january.foods.search(SearchFoodsRequest(query: "banana")) },
        "autocompleteFoods": { january, _ in
            _ = try await january.foods.autocomplete(AutocompleteFoodsRequest(query: "ban"))
        },
        "getFood": { january, _ in _ = try await january.foods.get(id: "1001") },
        "lookupFoodByBarcode": { january, _ in _ = try? await january.foods.get(barcode: "0123456789012") },
        "suggestFoodAlternatives": { january, _ in
            _ = try await january.foods.suggestAlternatives(SuggestFoodAlternativesRequest(foodID: "1001"))
        },
        "searchRestaurants": { january, _ in
            _ = try await january.restaurants.search(SearchRestaurantsRequest(query: "cafe", latitude: 0, longitude: 0))
        },
        "getRestaurantMenuItems": { january, _ in
            _ = try? await january.restaurants.menuItems(GetRestaurantMenuItemsRequest(restaurantID: "r1"))
        },
        "searchRestaurantMenuItems": { january, _ in
            _ = try await january.restaurants.searchMenuItems(
                SearchRestaurantMenuItemsRequest(query: "bowl", latitude: 0, longitude: 0))
        },
        "scanFoodPhoto": { january, _ in
            _ = try await january.foodAnalysis.analyzePhoto(.url(URL(string: "https://photos.example.com/a.jpg")!))
        },
        "searchFoodsByNaturalLanguage": { january, _ in
            _ = try await january.foodAnalysis.analyzeDescription("two eggs")
        },
        "correctPhotoScan": { january, _ in
            let scan = try await january.foodAnalysis.analyzeDescription("two eggs")
            _ = try await january.foodAnalysis.correct(scan, instruction: "one egg")
        },
        "createFoodLog": { _, user in
            _ = try await user.foodLogs.create(CreateFoodLogRequest(foods: [Self.banana]))
        },
        "listFoodLogs": { _, user in _ = try await user.foodLogs.list(on: try user.today()) },
        "getFoodLogSummary": { _, user in
            let today = try user.today()
            _ = try await user.foodLogs.summary(FoodLogSummaryRequest(from: today, through: today))
        },
        "getFoodLog": { _, user in _ = try await user.foodLogs.get(id: try await Self.loggedFood(for: user)) },
        "updateFoodLog": { _, user in
            _ = try await user.foodLogs.update(
                id: try await Self.loggedFood(for: user), UpdateFoodLogRequest(name: "Lunch"))
        },
        "deleteFoodLog": { _, user in try await user.foodLogs.delete(id: try await Self.loggedFood(for: user)) },
        "createWaterLog": { _, user in _ = try await user.waterLogs.create(WaterAmount(value: 250, unit: .milliliters))
        },
        "listWaterLogs": { _, user in _ = try await user.waterLogs.total(on: try user.today()) },
        "deleteWaterLog": { _, user in
            let log = try await user.waterLogs.create(WaterAmount(value: 250, unit: .milliliters))
            try await user.waterLogs.delete(id: log.id)
        },
        "createWeightLog": { _, user in _ = try await user.weightLogs.create(Weight(value: 70, unit: .kilograms)) },
        "listWeightLogs": { _, user in
            let today = try user.today()
            _ = try await user.weightLogs.list(from: today, through: today)
        },
        "predictGlucose": { january, _ in
            let profile = GlucosePredictionProfile(
                age: 45, sex: .female, height: Height(value: 65, unit: .inches),
                weight: Weight(value: 150, unit: .pounds))
            _ = try await january.glucose.predict(
                PredictGlucoseRequest(profile: profile, foods: [Self.banana], startTime: Date(), timeZone: .current))
        },
    ]

    static let banana = FoodLogInputFood(foodID: "1001", servingID: "5001", quantity: 1)

    /// A food log of `user`'s, for the operations that need one.
    static func loggedFood(for user: JanuaryUserClient) async throws -> FoodLogID {
        try await user.foodLogs.create(CreateFoodLogRequest(foods: [banana])).id
    }

    @Test func everyOperationHasAResourceCall() {
        #expect(Set(Self.calls.keys) == Set(JanuaryOperation.all.map(\.id)))
    }

    /// Each resource method reaches the simulator's operation of the same id, with the table's method.
    @Test(arguments: JanuaryOperation.all.map(\.id))
    func theResourceReachesItsOperation(_ id: String) async throws {
        let call = try #require(Self.calls[id], "no resource call for \(id)")
        let simulator = JanuaryAPISimulator.inProcess()
        let userID = PartnerUserID(rawValue: "operation-table-user")
        let january = try JanuaryPartnerClient.simulated(simulator, user: userID)
        try await call(january, january.forUser(userID))
        let last = try #require(simulator.requestLog.last)
        #expect(last.operation == id)
        #expect(last.method == JanuaryOperation.all.first { $0.id == id }?.method.rawValue)
    }
}
