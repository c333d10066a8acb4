import Foundation
import Testing

@testable import JanuaryPartnerSDKUI

@Suite("Every string voice capture uses is in the catalogue", suiteTimeLimit())
struct VoiceCaptureStringsTests {
    @Test("every voice key exists in English and is not blank")
    func keys() throws {
        let catalogue = try MealScannerStringsTests.catalogue()
        let keys = Set(VoiceCaptureStringKey.allCases.map(\.rawValue))
        #expect(keys.subtracting(catalogue.keys).sorted() == [])
        for key in keys {
            #expect(catalogue[key].map { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == true, "\(key)")
        }
    }

    @Test("every voice key of the catalogue is used: the prefix belongs to this list alone")
    func noStrayKeys() throws {
        let catalogue = try MealScannerStringsTests.catalogue()
        let keys = Set(VoiceCaptureStringKey.allCases.map(\.rawValue))
        #expect(Set(catalogue.keys.filter { $0.hasPrefix("voice.") }).subtracting(keys).sorted() == [])
        #expect(keys.allSatisfy { $0.hasPrefix("voice.") })
    }

    @Test("the bundle's own lookup finds each key", arguments: VoiceCaptureStringKey.allCases)
    func lookup(key: VoiceCaptureStringKey) throws {
        #expect(key.localized == (try MealScannerStringsTests.catalogue())[key.rawValue])
    }

    @Test("only the one text that takes a number has a format, and it takes exactly one")
    func formats() throws {
        let catalogue = try MealScannerStringsTests.catalogue()
        for key in VoiceCaptureStringKey.allCases {
            let value = try #require(catalogue[key.rawValue])
            // `%lld`, which takes the 64-bit number the screen passes on every platform.
            #expect(value.components(separatedBy: "%lld").count - 1 == (key == .editorTooLong ? 1 : 0), "\(key)")
            #expect(value.components(separatedBy: "%").count == value.components(separatedBy: "%lld").count, "\(key)")
        }
    }
}
