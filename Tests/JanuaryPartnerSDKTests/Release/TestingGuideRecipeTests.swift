import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Recipes of Docs/Testing.md, exactly as the guide prints them between the markers below (the suite after them
// checks that each is the guide's text): the rate limit on a client that has no token yet, and the read retried
// after a dropped connection on the test's clock.

// guide:begin Docs/Testing.md waitsOutARateLimit
@Test func waitsOutARateLimit() async throws {
    let clock = ManualClock()
    let simulator = try JanuaryAPISimulator(now: { clock.now() })
    var configuration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
    configuration.clock = clock
    let january = try JanuaryPartnerClient(
        tokenEndpoint: {  // the simulator stands in for your backend
            var request = URLRequest(url: simulator.partnerBackendTokenURL)
            request.httpMethod = "POST"
            return request
        },
        configuration: configuration
    )
    simulator.failNext(with: .rateLimited(retryAfter: 2), pathPrefix: "/v1.2/foods")

    let search = Task { try await january.foods.search(SearchFoodsRequest(query: "banana")) }
    try await clock.waitForSleeper(lasting: 2)  // the retry wait, not the token provider's 30 s timeout
    clock.advance(by: 2)
    let results = try await search.value

    #expect(results.items.first?.name == "banana")
    #expect(simulator.requestLog.filter { $0.operation == "searchFoods" }.map(\.status) == [429, 200])
}
// guide:end

// guide:begin Docs/Testing.md retriesAReadAfterADroppedConnection
@Test func retriesAReadAfterADroppedConnection() async throws {
    let clock = ManualClock()
    let simulator = JanuaryAPISimulator.inProcess(now: { clock.now() })
    let user = PartnerUserID(rawValue: "user-42")
    let january = try JanuaryPartnerClient.simulated(simulator, user: user, clock: clock)
    simulator.failNext(with: .closeConnection)

    let read = Task { try await january.foods.get(id: "1001") }
    try await clock.waitForSleepers(1)  // the back-off before the retry
    clock.advance(by: 1)  // past any first back-off
    #expect(try await read.value.name == "banana")
    #expect(simulator.requestLog.map(\.status) == [nil, 200])  // no answer, then the retry's
}
// guide:end

@Suite("Docs/Testing.md", suiteTimeLimit())
struct TestingGuideRecipeTests {
    /// The recipes, by their test's name.
    static let recipes = ["waitsOutARateLimit", "retriesAReadAfterADroppedConnection"]

    /// The text between this file's markers for `name`.
    static func recipeInThisFile(_ name: String) throws -> String {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex { $0 == "// guide:begin Docs/Testing.md \(name)" })
        let end = try #require(lines[begin...].firstIndex { $0 == "// guide:end" })
        return lines[(begin + 1)..<end].joined(separator: "\n")
    }

    /// The guide's block that defines `name`, from its `@Test` line to its end.
    static func recipeInTheGuide(_ name: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("Docs/Testing.md"), encoding: .utf8)
        let blocks = guide.components(separatedBy: "```swift\n").dropFirst().map {
            $0.components(separatedBy: "\n```").first ?? ""
        }
        let block = try #require(blocks.first { $0.contains("func \(name)()") })
        let lines = block.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("@Test func \(name)") })
        return lines[start...].joined(separator: "\n")
    }

    /// Whether this file's source is where it was compiled: on a device or simulator the test bundle runs without
    /// the package's sources, and reading them would fail rather than check anything.
    static let sourcesArePresent = FileManager.default.fileExists(atPath: #filePath)

    @Test(
        "each test above is the guide's recipe, character for character",
        .enabled(if: sourcesArePresent, "reads the package's sources, which a device does not have"),
        arguments: recipes
    )
    func recipeIsTheGuides(name: String) throws {
        #expect(try Self.recipeInThisFile(name) == Self.recipeInTheGuide(name))
    }
}
