import Foundation
import JanuaryCoreTesting
import Testing

@testable import JanuaryPartnerSDK

@Suite("Food photos", suiteTimeLimit())
struct FoodPhotoTests {
    static let jpegBytes = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46])
    static let pngBytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])
    static let gifBytes = Data("GIF89a\u{01}\u{00}".utf8)
    static let webpBytes = Data("RIFF\u{24}\u{00}\u{00}\u{00}WEBPVP8 ".utf8)

    @Test(
        "bytes become a complete data URI of their type",
        arguments: [
            (FoodPhoto.ContentType.jpeg, "image/jpeg"), (.png, "image/png"), (.webp, "image/webp"), (.gif, "image/gif"),
        ]
    )
    func dataURI(contentType: FoodPhoto.ContentType, mimeType: String) throws {
        let bytes = Data([0x00, 0xFF, 0x10, 0x3E, 0x3F])
        let value = try FoodPhoto.image(bytes, contentType: contentType).unprepared.imageValue()
        #expect(value == "data:\(mimeType);base64,AP8QPj8=")
        #expect(contentType.mimeType == mimeType)
        #expect(contentType.description == mimeType)
    }

    @Test(
        "the content type is read from the bytes' signature",
        arguments: [
            (jpegBytes, FoodPhoto.ContentType.jpeg), (pngBytes, .png), (gifBytes, .gif), (webpBytes, .webp),
            (Data("GIF87a".utf8), .gif),
        ]
    )
    func sniffing(bytes: Data, expected: FoodPhoto.ContentType) throws {
        let value = try FoodPhoto.image(bytes).unprepared.imageValue()
        #expect(value.hasPrefix("data:\(expected.mimeType);base64,"))
        #expect(Data(base64Encoded: String(value.split(separator: ",")[1])) == bytes)
    }

    @Test(
        "unknown formats are refused",
        arguments: [
            Data(), Data("%PDF-1.7".utf8), Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8), Data([0xFF, 0xD8]),
            Data("BM".utf8), Data([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63]),
        ]
    )
    func unknownFormats(bytes: Data) async throws {
        try await requireRefusedLocally(naming: "FoodPhoto") { _ = try FoodPhoto.image(bytes) }
    }

    @Test(
        "MIME types are recognised case-insensitively, with parameters and aliases",
        arguments: [
            ("image/jpeg", FoodPhoto.ContentType.jpeg), ("IMAGE/JPEG", .jpeg), ("image/jpg", .jpeg),
            ("image/png; charset=binary", .png), (" image/webp ", .webp), ("image/gif", .gif),
        ]
    )
    func mimeTypes(mimeType: String, expected: FoodPhoto.ContentType) {
        #expect(FoodPhoto.ContentType(mimeType: mimeType) == expected)
    }

    @Test("unsupported MIME types give nil", arguments: ["image/heic", "image/svg+xml", "text/plain", "", "image/"])
    func unsupportedMimeTypes(mimeType: String) {
        #expect(FoodPhoto.ContentType(mimeType: mimeType) == nil)
    }

    @Test(
        "an https or http URL is sent as written: January fetches it, and no credential goes with it",
        arguments: [
            "https://cdn.example.com/meals/lunch.jpg?w=1024", "http://cdn.example.com/meals/lunch.jpg",
            "HTTPS://cdn.example.com/a.png", "HTTP://cdn.example.com/a.png",
        ]
    )
    func httpURLs(text: String) throws {
        let url = try #require(URL(string: text))
        #expect(try FoodPhoto.url(url).imageValue() == text)
    }

    @Test(
        "other URLs are refused",
        arguments: [
            "ftp://cdn.example.com/a.jpg", "file:///tmp/a.jpg",
            "data:image/jpeg;base64,AAAA", "https:///a.jpg", "/relative/a.jpg",
        ]
    )
    func otherURLs(text: String) async throws {
        let url = try #require(URL(string: text))
        try await requireRefusedLocally(naming: "http") { _ = try FoodPhoto.url(url).imageValue() }
    }

    @Test("empty image data is refused")
    func emptyData() async throws {
        try await requireRefusedLocally(naming: "empty") {
            _ = try FoodPhoto.image(Data(), contentType: .png).unprepared.imageValue()
        }
    }
}
