import Foundation
import JanuaryCore
import Testing

@testable import JanuaryTransport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The order a response's header fields are handed over in: Foundation gives them as a dictionary, and
/// `SessionDelegate` sorts them by name without case with `HTTPSyntax.asciiCaseInsensitiveLess`, comparing in place.
@Suite("HTTPSyntax", suiteTimeLimit())
struct HTTPSyntaxTests {
    static let names: [[String]] = [
        ["Date", "content-type", "Content-Length", "X-Request-ID", "connection"],
        ["b", "A", "a-b", "A_B", "a", "AB", "ab"],
        ["Retry-After", "retry-after2", "RETRY", "retry-afte"],
        ["x-\u{E9}", "X-E", "x-\u{C9}", "x-e\u{301}", "X-Z", "x"],
        ["", "a", "Z", "[", "`", "_"],
    ]

    @Test("in place, the order is that of the lowercased names, for ASCII names and others", arguments: names)
    func orderMatchesLowercasedNames(_ names: [String]) {
        let inPlace = names.sorted { HTTPSyntax.asciiCaseInsensitiveLess($0, $1) }
        let lowercased = names.sorted { HTTPSyntax.asciiLowercased($0) < HTTPSyntax.asciiLowercased($1) }
        #expect(inPlace == lowercased)
        for name in names {
            #expect(!HTTPSyntax.asciiCaseInsensitiveLess(name, name))
            #expect(!HTTPSyntax.asciiCaseInsensitiveLess(name, HTTPSyntax.asciiLowercased(name)))
        }
    }

    @Test(
        "a response's fields come out in the order of their lowercased names, each with its own value",
        // Names that differ only in case are one field to HTTPURLResponse, so each table's lowercased names differ.
        arguments: [names[0], names[2], (0..<40).map { $0.isMultiple(of: 3) ? "X-Field-\($0)" : "x-field-\($0)" }]
    )
    func responseFieldsAreSorted(_ names: [String]) throws {
        let url = try #require(URL(string: "https://example.com/"))
        let sent = Dictionary(uniqueKeysWithValues: names.map { ($0, "value of \(HTTPSyntax.asciiLowercased($0))") })
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: sent)
        )
        let made = SessionDelegate.makeResponse(response, for: PendingRequest(url: Boxed(url), maximumBodySize: 1))
        let lowercased = made.headerFields.map { HTTPSyntax.asciiLowercased($0.name) }
        #expect(lowercased == names.map(HTTPSyntax.asciiLowercased).sorted())
        for field in made.headerFields {
            #expect(field.value == "value of \(HTTPSyntax.asciiLowercased(field.name))")
        }
    }

    @Test(
        "pieces(of:) cuts a text where split does, with and without empty pieces",
        arguments: [
            "", ".", "..", "127.0.0.1", ".a.", "a..b", "  Sun,  06 Nov\t1994 08:49:37 GMT ", "a \u{301}b.c",
            "e\u{301}.\u{301}x", "\r\n.\r\n", "06-Nov-94", "08:49:37",
        ]
    )
    func piecesMatchSplit(_ text: String) {
        let isSeparator: (Character) -> Bool = { $0 == "." || $0 == " " || $0 == "\t" || $0 == "-" || $0 == ":" }
        for omitting in [true, false] {
            let split = text.split(omittingEmptySubsequences: omitting, whereSeparator: isSeparator).map(String.init)
            #expect(HTTPSyntax.pieces(of: text, omittingEmpty: omitting, separatedBy: isSeparator) == split)
        }
    }
}
