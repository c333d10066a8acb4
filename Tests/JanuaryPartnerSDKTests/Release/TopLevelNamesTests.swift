import Foundation
import Testing

/// Every top-level name `import JanuaryPartnerSDK` brings into a partner's file, so that adding one, above all a
/// generic one that another library may also declare (Alamofire's `HTTPMethod`), is a decision made here on purpose.
///
/// The names are read from what the compiler says each module declares (`API/*.txt`, which
/// `Scripts/api-check.sh` keeps equal to the symbol graphs) for the modules the SDK re-exports whole, plus the
/// declarations it re-exports one by one, both read from the SDK's own `@_exported import` lines.
@Suite("The names one import brings", suiteTimeLimit())
struct TopLevelNamesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let sourcesArePresent = FileManager.default.fileExists(atPath: #filePath)

    /// The list; change it only with a reason in the CHANGELOG.
    static let expected: Set<String> = [
        // JanuaryCore: errors, identifiers, credentials, vocabularies.
        "DevelopmentAPIKey", "JanuaryClientToken", "JanuaryError", "JanuaryExtensibleString", "PartnerUserID",
        "JanuaryVocabulary", "JanuaryVocabularies",
        // JanuaryAuth: what the configuration's clock, events and token rules are made of.
        "JanuaryClock", "JanuaryEvent", "JanuaryTokenEvent", "SystemJanuaryClock", "TokenRefreshBackoff",
        "TokenRejectionBreaker",
        // JanuaryTransport, one by one: what a custom or test transport is made of.
        "JanuaryHTTPHeaderFields", "JanuaryHTTPMethod", "JanuaryHTTPRequest", "JanuaryHTTPResponse",
        "JanuaryHTTPTransport", "JanuaryReplayClass",
        // JanuaryPartnerSDK: the client and raw requests.
        "JanuaryPartnerClient", "JanuaryUserClient", "JanuaryRequest", "JanuaryResponse", "JanuaryDecodedResponse",
        "JanuaryRetryPolicy", "JanuaryDate", "JanuaryIdentifier",
        // The outbox (its entries are JanuaryOutbox.Entry and JanuaryOutbox.EntryID).
        "JanuaryOutbox",
        // Deprecated forwarders of the transport's old names (not HTTPMethod or HTTPHeaderFields, which clash).
        "HTTPTransport", "HTTPTransportRequest", "HTTPTransportResponse",
        // Foods.
        "Food", "FoodID", "FoodType", "FoodPortion", "FoodSuggestion", "FoodSearchResults", "AlternativeFood",
        "ServedFood", "SearchFoodsRequest", "AutocompleteFoodsRequest", "AutocompleteFoodsResponse",
        "SuggestFoodAlternativesRequest", "SuggestFoodAlternativesResponse", "ServingID", "ServingOption",
        "ServingSummary", "NutrientAmount", "NutrientUnit", "NutritionFacts",
        // Restaurants.
        "Restaurant", "RestaurantID", "RestaurantMenuItem", "RestaurantMenuSearchItem", "RestaurantResultType",
        "SearchRestaurantsRequest", "SearchRestaurantsResponse", "GetRestaurantMenuItemsRequest",
        "GetRestaurantMenuItemsResponse", "SearchRestaurantMenuItemsRequest", "SearchRestaurantMenuItemsResponse",
        // Food analysis.
        "FoodPhoto", "FoodScan", "FoodDetection", "DetectedFood", "Confidence", "AnalysisReasoningEffort",
        // Logs.
        "FoodLog", "FoodLogID", "FoodLogInputFood", "LoggedFood", "CreateFoodLogRequest", "UpdateFoodLogRequest",
        "FoodLogSummary", "FoodLogSummaryAverage", "FoodLogSummaryBucket", "FoodLogSummaryGrouping",
        "FoodLogSummaryRequest", "FoodLogSummaryTotals", "WeekStart", "WaterLog", "WaterLogID", "WaterAmount",
        "DailyWaterTotal", "WeightLog", "DailyWeight",
        // Measurements.
        "Height", "HeightUnit", "Volume", "VolumeUnit", "Weight", "WeightUnit",
        // Glucose and the profile it needs.
        "GlucosePrediction", "GlucosePredictionPoint", "GlucosePredictionProfile", "GlucoseChart",
        "GlucoseImpactScore", "CGMReading", "ConsumedHistoricalFood", "PredictGlucoseRequest", "ActivityLevel",
        "DietPreference", "DietRestriction", "HealthCondition", "Sex",
    ]

    /// The SDK's `@_exported import` lines: modules re-exported whole, and single declarations.
    static func reexports() throws -> (modules: [String], declarations: [(module: String, name: String)]) {
        let sources = root.appendingPathComponent("Sources/JanuaryPartnerSDK")
        var modules = ["JanuaryPartnerSDK"]
        var declarations: [(module: String, name: String)] = []
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            where line.hasPrefix("@_exported import ") {
                let words = line.split(separator: " ").map(String.init)
                if words.count == 3 {
                    modules.append(words[2])
                } else if words.count == 4 {
                    let parts = words[3].split(separator: ".").map(String.init)
                    try #require(parts.count == 2, "\(line)")
                    declarations.append((parts[0], parts[1]))
                }
            }
        }
        return (modules, declarations)
    }

    /// The top-level names `module` declares, from its line in API/: kind, qualified name, declaration.
    static func topLevelNames(of module: String) throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent("API/\(module).txt"), encoding: .utf8)
        var names: Set<String> = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard fields.count == 2, fields[0] != "conformance", !fields[0].hasPrefix("func.op") else {
                continue
            }
            let name = fields[1].components(separatedBy: ": ")[0]
            if !name.contains("."), !name.contains("(") {
                names.insert(name)
            }
        }
        return names
    }

    @Test(.enabled(if: sourcesArePresent, "reads the repository's API/ and sources"))
    func theNamesAreTheListedOnes() throws {
        let (modules, declarations) = try Self.reexports()
        var actual: Set<String> = []
        for module in modules {
            actual.formUnion(try Self.topLevelNames(of: module))
        }
        for declaration in declarations {
            let declared = try Self.topLevelNames(of: declaration.module)
            #expect(declared.contains(declaration.name), "\(declaration.module) has no \(declaration.name)")
            actual.insert(declaration.name)
        }
        #expect(
            actual == Self.expected,
            "new: \(actual.subtracting(Self.expected).sorted()), gone: \(Self.expected.subtracting(actual).sorted())")
    }

    /// The transport layer's generic vocabulary stays behind its own import: only January-prefixed transport types
    /// are re-exported, and no whole module but Core and Auth.
    @Test(.enabled(if: sourcesArePresent, "reads the repository's sources"))
    func theTransportArrivesOnlyUnderJanuaryNames() throws {
        let (modules, declarations) = try Self.reexports()
        #expect(Set(modules) == ["JanuaryPartnerSDK", "JanuaryCore", "JanuaryAuth"])
        #expect(!declarations.isEmpty)
        for declaration in declarations {
            #expect(declaration.name.hasPrefix("January"), "\(declaration.name)")
        }
        #expect(!Self.expected.contains("HTTPMethod") && !Self.expected.contains("HTTPHeaderFields"))
    }
}
