import Foundation
import JanuaryCore
import Testing

@testable import JanuaryPartnerSDK

@Suite("Photo preparation's limits, sizes and errors hold on every platform", suiteTimeLimit())
struct PhotoPreparationRulesTests {
    @Test(
        "the prepared size keeps the proportions, caps the long edge and never enlarges",
        arguments: [
            // A 12-megapixel camera photo, landscape and portrait.
            (4_032, 3_024, 1_000, 1_000, 750),
            (3_024, 4_032, 1_000, 750, 1_000),
            // A 48-megapixel photo.
            (8_064, 6_048, 1_000, 1_000, 750),
            // Already small enough: unchanged, never enlarged.
            (800, 600, 1_000, 800, 600),
            (1_000, 1_000, 1_000, 1_000, 1_000),
            // A sliver keeps at least one pixel.
            (100_000, 1, 1_000, 1_000, 1),
            // Rounds to the nearest pixel: 1001 x 667 -> 1000 x 666.33 -> 666.
            (1_001, 667, 1_000, 1_000, 666),
            // A header claiming a huge size cannot overflow the arithmetic (Int64, also on 32-bit watchOS).
            (Int(Int32.max), Int(Int32.max) / 2, 64, 64, 32),
        ])
    func preparedSize(width: Int, height: Int, limit: Int, expectedWidth: Int, expectedHeight: Int) throws {
        let size = try PhotoPreparationRules.preparedSize(width: width, height: height, maximumLongEdge: limit)
        #expect(size.width == expectedWidth)
        #expect(size.height == expectedHeight)
    }

    @Test("an image without pixels is refused as invalid input", arguments: [(0, 10), (10, 0), (-1, 10), (0, 0)])
    func emptyImage(width: Int, height: Int) {
        let error = #expect(throws: JanuaryError.self) {
            try PhotoPreparationRules.preparedSize(width: width, height: height, maximumLongEdge: 1_000)
        }
        #expect(error?.category == .invalidInput)
    }

    @Test(
        "options are checked: long edge 64 to 4096, quality 0 to 1 and finite",
        arguments: [
            (1_000, 0.7, true), (64, 0.0, true), (4_096, 1.0, true),
            (63, 0.7, false), (4_097, 0.7, false), (0, 0.7, false), (-1_000, 0.7, false),
            (1_000, -0.1, false), (1_000, 1.01, false), (1_000, .nan, false), (1_000, .infinity, false),
        ])
    func options(longEdge: Int, quality: Double, accepted: Bool) {
        do {
            try PhotoPreparationRules.validate(maximumLongEdge: longEdge, compressionQuality: quality)
            #expect(accepted)
        } catch let error as JanuaryError {
            #expect(!accepted)
            #expect(error.category == .invalidInput)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("every preparation failure is invalid input with a message that names the photo")
    func errors() {
        for error in [
            PhotoPreparationRules.notAnImage(), PhotoPreparationRules.emptyImage(), PhotoPreparationRules.truncated(),
            PhotoPreparationRules.encodingFailed(),
        ] {
            #expect(error.category == .invalidInput)
            #expect(error.code == .invalidRequest)
            #expect(error.message.hasPrefix("FoodPhoto image"))
        }
    }

    @Test("on Linux image bytes are sent as given: nothing prepares them")
    func linuxSendsAsGiven() throws {
        let photo = FoodPhoto.image(Data([1, 2, 3]), contentType: .png)
        #if canImport(ImageIO)
        #expect(photo.willBePrepared)
        #else
        #expect(!photo.willBePrepared)
        #expect(try photo.preparedForSending() == photo)
        #endif
    }
}
