import Foundation
import JanuaryCore
import Testing

@testable import JanuaryPartnerSDKUI

@Suite("Every string the scanner uses is in its catalogue", suiteTimeLimit())
struct MealScannerStringsTests {
    /// The English catalogue, parsed here rather than through `localizedString`, so a missing key fails instead of
    /// showing the key itself.
    static func catalogue() throws -> [String: String] {
        let bundle = MealScannerStringKey.bundle
        let url = try #require(
            bundle.url(forResource: "Localizable", withExtension: "strings", subdirectory: nil, localization: "en")
                ?? bundle.url(forResource: "Localizable", withExtension: "strings", subdirectory: "en.lproj"))
        let data = try Data(contentsOf: url)
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        return try #require(plist as? [String: String])
    }

    @Test("every key exists in English, and the catalogue has no key nothing uses")
    func keys() throws {
        let catalogue = try Self.catalogue()
        // One catalogue for the module: the scanner's keys, voice capture's and the review sheet's
        // (MealReviewStringsTests checks the sheet's on their own).
        let keys = Set(
            MealScannerStringKey.allCases.map(\.rawValue) + VoiceCaptureStringKey.allCases.map(\.rawValue)
                + MealReviewStringKey.allCases.map(\.rawValue))
        #expect(keys.subtracting(catalogue.keys).sorted() == [])
        #expect(Set(catalogue.keys).subtracting(keys).sorted() == [])
        for (key, value) in catalogue {
            #expect(!value.trimmingCharacters(in: .whitespaces).isEmpty, "\(key) is blank")
        }
    }

    @Test("the bundle's own lookup finds each key", arguments: MealScannerStringKey.allCases)
    func lookup(key: MealScannerStringKey) throws {
        #expect(key.localized == (try Self.catalogue())[key.rawValue])
    }

    @Test("each of January's error sentences has a key, whose English is the SDK's localizedDescription")
    func errorSentences() throws {
        let catalogue = try Self.catalogue()
        for sentence in JanuaryUserSentence.all {
            let key = try #require(MealScannerStringKey(rawValue: MealScannerStringKey.errorPrefix + sentence.key))
            #expect(catalogue[key.rawValue] == sentence.english)
        }
        let errorKeys = MealScannerStringKey.allCases.filter { $0.rawValue.hasPrefix(MealScannerStringKey.errorPrefix) }
        #expect(errorKeys.count == JanuaryUserSentence.all.count)
    }

    @Test(
        "an error maps to the catalogue's sentence for it",
        arguments: [
            JanuaryError(category: .rateLimited, code: .creditLimitExceeded, message: "m"),
            JanuaryError(category: .network, code: .notConnectedToInternet, message: "m"),
            JanuaryError(category: .server, message: "m"), JanuaryError(category: .cancelled, message: "m"),
            JanuaryError(category: JanuaryError.Category.decoding, message: "m"),
        ])
    func errorSentence(error: JanuaryError) {
        #expect(MealScannerStringKey.sentence(for: error).localized == error.localizedDescription)
    }
}
