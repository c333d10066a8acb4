import Foundation
import Testing

@testable import JanuaryTransport

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
}
