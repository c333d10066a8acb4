import Foundation
import Testing

@testable import JanuaryPartnerSDK

/// Issue 40: the privacy manifest missed the location, search text and age and sex that operations send, so a
/// partner filling App Store answers from it would have left them out. Docs/Platforms.md now says, per operation,
/// what is sent and under which App Store data type; these tests hold that table to the SDK's list of operations
/// and to the manifest, so that an operation or a data type added to one and not the others fails here.
@Suite("The privacy table matches the operations and the manifest", suiteTimeLimit())
struct PrivacyManifestTableTests {
    /// One row of the operations table.
    struct Row {
        var operation: String
        var sends: String
        var dataTypes: [String]
    }

    /// Every value Apple documents for `NSPrivacyCollectedDataType`, so that a misspelt identifier, which Xcode's
    /// privacy report would silently ignore, fails here.
    static let applesDataTypes: Set<String> = [
        "Name", "EmailAddress", "PhoneNumber", "PhysicalAddress", "OtherUserContactInfo", "Health", "Fitness",
        "PaymentInfo", "CreditInfo", "OtherFinancialInfo", "PreciseLocation", "CoarseLocation", "SensitiveInfo",
        "Contacts", "EmailsOrTextMessages", "PhotosorVideos", "AudioData", "GameplayContent", "CustomerSupport",
        "OtherUserContent", "BrowsingHistory", "SearchHistory", "UserID", "DeviceID", "PurchaseHistory",
        "ProductInteraction", "AdvertisingData", "OtherUsageData", "CrashData", "PerformanceData",
        "OtherDiagnosticData", "EnvironmentScanning", "Hands", "Head", "OtherDataTypes",
    ].reduce(into: []) { $0.insert("NSPrivacyCollectedDataType\($1)") }

    static let sourcesArePresent = FileManager.default.fileExists(atPath: #filePath)

    /// The table's cells between `<!-- name:begin -->` and `<!-- name:end -->` in Docs/Platforms.md, header and
    /// separator left out.
    static func table(_ name: String) throws -> [[String]] {
        let lines = try ReleaseFilesTests.text("Docs/Platforms.md").components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex(of: "<!-- \(name):begin -->"), "no \(name) table")
        let end = try #require(lines.firstIndex(of: "<!-- \(name):end -->"), "no end of the \(name) table")
        return lines[(begin + 3)..<end].map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    static func rows() throws -> [Row] {
        try table("privacy").map { cells in
            Row(
                operation: cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                sends: cells[1],
                dataTypes: cells[2].components(separatedBy: ", ")
            )
        }
    }

    /// The second table: each App Store data type's name and its manifest identifier.
    static func identifiers() throws -> [String: String] {
        var identifiers: [String: String] = [:]
        for cells in try table("privacy-types") {
            identifiers[cells[0]] = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }
        return identifiers
    }

    /// The data types the manifest in the SDK's resource bundle declares.
    static func manifestDataTypes() throws -> [String] {
        let url = try #require(Bundle.module.url(forResource: "PrivacyInfo", withExtension: "xcprivacy"))
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as? [String: Any])
        let collected = try #require(plist["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
        return collected.compactMap { $0["NSPrivacyCollectedDataType"] as? String }
    }

    @Test(.enabled(if: sourcesArePresent, "reads the repository's Docs"))
    func everyOperationHasOneRowInTheSDKsOrder() throws {
        let rows = try Self.rows()
        #expect(rows.map(\.operation) == JanuaryOperation.all.map(\.id))
        for row in rows {
            #expect(!row.sends.isEmpty && !row.dataTypes.isEmpty, "\(row.operation) says nothing")
        }
    }

    /// The log operations send the `January-End-User-ID` header, and nothing else does (Docs/Contract.md, End
    /// user): the table says so where and only where `JanuaryOperation` does.
    @Test(.enabled(if: sourcesArePresent, "reads the repository's Docs"))
    func exactlyTheLogOperationsSendTheUserID() throws {
        let perUser = Set(JanuaryOperation.all.filter(\.isPerUser).map(\.id))
        for row in try Self.rows() {
            let isPerUser = perUser.contains(row.operation)
            #expect(row.dataTypes.contains("User ID") == isPerUser, "\(row.operation)")
            #expect(row.sends.hasPrefix("the user ID;") == isPerUser, "\(row.operation)")
        }
    }

    /// Every data type a row names is in the manifest, and every type in the manifest is named by a row, through
    /// the second table's identifiers, which are Apple's.
    @Test(.enabled(if: sourcesArePresent, "reads the repository's Docs"))
    func theTablesNameExactlyTheManifestsDataTypes() throws {
        let identifiers = try Self.identifiers()
        let named = Set(try Self.rows().flatMap(\.dataTypes))
        #expect(named == Set(identifiers.keys), "a data type is named in one table and not the other")
        let manifest = try Self.manifestDataTypes()
        #expect(Set(manifest).count == manifest.count, "a data type is declared twice")
        #expect(Set(manifest) == Set(identifiers.values))
        #expect(Set(identifiers.values).isSubset(of: Self.applesDataTypes), "an identifier is not Apple's")
    }

    /// What issue 40 found missing stays declared: a search's location, what the user typed, and a glucose
    /// prediction's age and sex.
    @Test func theManifestDeclaresWhatWasMissing() throws {
        let manifest = Set(try Self.manifestDataTypes())
        for type in ["PreciseLocation", "SearchHistory", "OtherDataTypes", "Health", "UserID"] {
            #expect(manifest.contains("NSPrivacyCollectedDataType\(type)"), "\(type)")
        }
    }
}
