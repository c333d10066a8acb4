import Foundation
import JanuaryCore
import Testing

@testable import JanuaryPartnerSDK

@Suite("Photo preparation's limits, sizes and errors hold on every platform", suiteTimeLimit())
struct PhotoPreparationRulesTests {
    @Test(
        "the prepared size keeps the proportions, caps the shorter side and the long edge, and never enlarges",
        arguments: [
            // A 12-megapixel camera photo, landscape and portrait: the shorter side binds.
            (4_032, 3_024, 1_024, 2_048, 1_365, 1_024),
            (3_024, 4_032, 1_024, 2_048, 1_024, 1_365),
            // A 48-megapixel photo.
            (8_064, 6_048, 1_024, 2_048, 1_365, 1_024),
            // A panorama: the long edge binds.
            (16_000, 4_000, 1_024, 2_048, 2_048, 512),
            // The previous default, long edge 1,000, for comparison: a landscape meal at 750 px.
            (4_032, 3_024, 4_096, 1_000, 1_000, 750),
            // Already small enough: unchanged, never enlarged.
            (800, 600, 1_024, 2_048, 800, 600),
            (1_024, 1_024, 1_024, 2_048, 1_024, 1_024),
            (2_048, 1_024, 1_024, 2_048, 2_048, 1_024),
            // A sliver keeps at least one pixel.
            (100_000, 1, 1_024, 2_048, 2_048, 1),
            // Rounds to the nearest pixel: 3000 x 2001 -> 1535.23 x 1024 -> 1535; 1537 x 1025 -> 1535.50 -> 1536.
            (3_000, 2_001, 1_024, 2_048, 1_535, 1_024),
            (1_537, 1_025, 1_024, 2_048, 1_536, 1_024),
            // A header claiming a huge size cannot overflow the arithmetic (Int64, also on 32-bit watchOS).
            (Int(Int32.max), Int(Int32.max) / 2, 64, 64, 64, 32),
        ])
    func preparedSize(
        width: Int, height: Int, shortLimit: Int, longLimit: Int, expectedWidth: Int, expectedHeight: Int
    ) throws {
        let size = try PhotoPreparationRules.preparedSize(
            width: width, height: height, maximumShortSide: shortLimit, maximumLongEdge: longLimit)
        #expect(size.width == expectedWidth)
        #expect(size.height == expectedHeight)
    }

    @Test("an image without pixels is refused as invalid input", arguments: [(0, 10), (10, 0), (-1, 10), (0, 0)])
    func emptyImage(width: Int, height: Int) {
        let error = #expect(throws: JanuaryError.self) {
            try PhotoPreparationRules.preparedSize(
                width: width, height: height, maximumShortSide: 1_024, maximumLongEdge: 2_048)
        }
        #expect(error?.category == .invalidInput)
    }

    @Test(
        "options are checked: each side 64 to 4096, quality 0 to 1 and finite",
        arguments: [
            (1_024, 2_048, 0.7, true), (64, 64, 0.0, true), (4_096, 4_096, 1.0, true),
            (63, 2_048, 0.7, false), (1_024, 63, 0.7, false), (4_097, 2_048, 0.7, false), (1_024, 4_097, 0.7, false),
            (0, 2_048, 0.7, false), (-1_000, 2_048, 0.7, false),
            (1_024, 2_048, -0.1, false), (1_024, 2_048, 1.01, false), (1_024, 2_048, .nan, false),
            (1_024, 2_048, .infinity, false),
        ])
    func options(shortSide: Int, longEdge: Int, quality: Double, accepted: Bool) {
        do {
            try PhotoPreparationRules.validate(
                maximumShortSide: shortSide, maximumLongEdge: longEdge, compressionQuality: quality)
            #expect(accepted)
        } catch let error as JanuaryError {
            #expect(!accepted)
            #expect(error.category == .invalidInput)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(
        "a header with more than 64 megapixels is refused before decoding",
        arguments: [
            (8_064, 6_048, true), (8_192, 8_192, true), (16_000, 4_000, true), (8_193, 8_192, false),
            (30_000, 30_000, false), (Int(Int32.max), Int(Int32.max), false),
        ])
    func pixelCount(width: Int, height: Int, accepted: Bool) {
        do {
            try PhotoPreparationRules.checkPixelCount(width: width, height: height)
            #expect(accepted)
        } catch let error as JanuaryError {
            #expect(!accepted)
            #expect(error.category == .invalidInput)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// A 24 x 16 gradient encoded for these tests with Pillow: baseline JPEG, progressive JPEG, and HEIC
    /// (pillow-heif).
    static let baselineJPEG = Data(
        base64Encoded:
            "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEEx"
            + "NDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7"
            + "Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAQABgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAA"
            + "AgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6"
            + "Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXG"
            + "x8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREA"
            + "AgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5"
            + "OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPE"
            + "xcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDz210bp8tbFro3T5a6W10bp8tbFro3T5az"
            + "p1zhwGbbanM2ujdPlorvbXRuny0V3xraH2VDNvc3P//Z")!
    static let progressiveJPEG = Data(
        base64Encoded:
            "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEEx"
            + "NDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7"
            + "Ozs7Ozs7Ozs7Ozs7Ozv/wgARCAAQABgDASIAAhEBAxEB/8QAFwAAAwEAAAAAAAAAAAAAAAAAAAQFBv/EABYBAQEBAAAAAAAA"
            + "AAAAAAAAAAMCBf/aAAwDAQACEAMQAAABzzlJyQmF8fZ//8QAFhAAAwAAAAAAAAAAAAAAAAAAAAID/9oACAEBAAEFAliLEWIs"
            + "RYixP//EABgRAAIDAAAAAAAAAAAAAAAAAAAEAgMh/9oACAEDAQE/AaGyDeH/xAAWEQEBAQAAAAAAAAAAAAAAAAACAAH/2gAI"
            + "AQIBAT8BLsd//8QAFBABAAAAAAAAAAAAAAAAAAAAIP/aAAgBAQAGPwJf/8QAFRABAQAAAAAAAAAAAAAAAAAAAGH/2gAIAQEA"
            + "AT8hkkkkkk//2gAMAwEAAgADAAAAEDMv/8QAFxEBAAMAAAAAAAAAAAAAAAAAACExUf/aAAgBAwEBPxCqW1//xAAVEQEBAAAA"
            + "AAAAAAAAAAAAAAAAIf/aAAgBAgEBPxAwf//EABUQAQEAAAAAAAAAAAAAAAAAAAAx/9oACAEBAAE/EIkSJEiRP//Z")!
    static let heic = Data(
        base64Encoded:
            "AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAXxtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAA"
            + "AAAAACJpbG9jAAAAAERAAAEAAQAAAAABoAABAAAAAAAAAGIAAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABodmMxAAAA"
            + "AA5waXRtAAAAAAABAAAA/GlwcnAAAADcaXBjbwAAAHVodmNDAQNwAAAAkAAAAAAAHvAA/P34+AAADwNgAAEAGEABDAH//wNw"
            + "AAADAJAAAAMAAAMAHroCQGEAAQApQgEBA3AAAAMAkAAAAwAAAwAeoCCBBZbqrprm4CGgwIAAAAyAAAADAIRiAAEABkQBwXPB"
            + "iQAAABNjb2xybmNseAABAA0ABoAAAAAUaXNwZQAAAAAAAABAAAAAQAAAAChjbGFwAAAAGAAAAAEAAAAQAAAAAf///9gAAAAC"
            + "////0AAAAAIAAAAQcGl4aQAAAAADCAgIAAAAGGlwbWEAAAAAAAAAAQABBYECAwWEAAAAam1kYXQAAABeKAGvEyGqbHj1IYs0"
            + "ITKN0P8fS2qTPANcRxFgqobYuMWbAFaEWReGwCaVxK8tR7qOJJ9gzVtR0zJsictC9byt2D4jauuLx4NwacIojP1+wMttiVf5"
            + "2+C6qJxdE4GObg==")!

    /// The baseline JPEG with an APP1 segment whose payload holds an end-of-image marker, as an EXIF thumbnail does.
    static var jpegWithThumbnail: Data {
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0, 0xFF, 0xD8, 0xFF, 0xD9]
        let segment: [UInt8] = [0xFF, 0xE1, 0x00, UInt8(payload.count + 2)] + payload
        return Data(baselineJPEG.prefix(2) + segment + baselineJPEG.dropFirst(2))
    }

    @Test(
        "a JPEG is complete only up to its end-of-image marker: every shorter prefix is truncated",
        arguments: [("baseline", baselineJPEG), ("progressive", progressiveJPEG), ("thumbnail", jpegWithThumbnail)])
    func jpegTruncation(name: String, jpeg: Data) {
        #expect(PhotoPreparationRules.jpegIsComplete(jpeg))
        #expect(PhotoPreparationRules.isComplete(jpeg, typeIdentifier: "public.jpeg"))
        // Bytes after the image (a vendor's trailer) do not matter.
        #expect(PhotoPreparationRules.jpegIsComplete(jpeg + Data("SEFT trailer".utf8)))
        let complete = (0..<jpeg.count).filter { PhotoPreparationRules.jpegIsComplete(jpeg.prefix($0)) }
        #expect(complete == [])
    }

    @Test("a HEIC is complete when its boxes fill the file: a cut inside a box is found, one between boxes is not")
    func heicTruncation() {
        let heic = Self.heic
        #expect(PhotoPreparationRules.boxesAreComplete(heic))
        #expect(PhotoPreparationRules.isComplete(heic, typeIdentifier: "public.heic"))
        var boundaries: [Int] = []
        var offset = 0
        while offset < heic.count {
            let size = heic[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            offset += size
            boundaries.append(offset)
        }
        let complete = (0..<heic.count).filter { PhotoPreparationRules.boxesAreComplete(heic.prefix($0)) }
        #expect(complete == boundaries.dropLast())
        // Not an ISO base media file at all.
        #expect(!PhotoPreparationRules.boxesAreComplete(Self.baselineJPEG))
        #expect(!PhotoPreparationRules.boxesAreComplete(Data()))
    }

    @Test("formats without a structure check pass to ImageIO's own status")
    func otherFormats() {
        #expect(PhotoPreparationRules.isComplete(Data([1, 2, 3]), typeIdentifier: "public.png"))
        #expect(!PhotoPreparationRules.isComplete(Data([1, 2, 3]), typeIdentifier: "public.jpeg"))
        #expect(!PhotoPreparationRules.isComplete(Data([1, 2, 3]), typeIdentifier: "public.heic"))
    }

    @Test(
        "an image with an alpha channel is drawn onto white before it becomes a JPEG",
        arguments: [(0, false), (1, true), (2, true), (3, true), (4, true), (5, false), (6, false), (7, true)]
            as [(UInt32, Bool)])
    func flattening(alphaInfo: UInt32, flattened: Bool) {
        #expect(PhotoPreparationRules.needsFlattening(alphaInfo: alphaInfo) == flattened)
    }

    @Test("every preparation failure is invalid input with a message that names the photo")
    func errors() {
        for error in [
            PhotoPreparationRules.notAnImage(), PhotoPreparationRules.emptyImage(), PhotoPreparationRules.truncated(),
            PhotoPreparationRules.encodingFailed(), PhotoPreparationRules.tooManyPixels(),
            PhotoPreparationRules.unreadableFile(),
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
