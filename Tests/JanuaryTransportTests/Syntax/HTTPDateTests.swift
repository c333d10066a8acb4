import Foundation
import JanuaryTransport
import Testing

@Suite("HTTPDate far from 1970", suiteTimeLimit())
struct HTTPDateTests {
    @Test(
        "dates past 2038, in 2100 and in the year 9999 are read in Int64, exactly, in every form",
        arguments: [
            ("Tue, 19 Jan 2038 03:14:08 GMT", 2_147_483_648), ("Tue Jan 19 03:14:08 2038", 2_147_483_648),
            ("Sun, 28 Feb 2100 23:59:59 GMT", 4_107_542_399), ("Mon, 01 Mar 2100 00:00:00 GMT", 4_107_542_400),
            ("Mon Mar  1 00:00:00 2100", 4_107_542_400), ("Fri, 31 Dec 9999 23:59:59 GMT", 253_402_300_799),
            ("Fri Dec 31 23:59:59 9999", 253_402_300_799), ("Tue, 29 Feb 2000 12:00:00 GMT", 951_825_600),
        ] as [(String, Int64)]
    )
    func farDates(text: String, seconds: Int64) {
        #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    @Test("2100 is not a leap year, and later dates compare later")
    func ordering() throws {
        #expect(HTTPDate.parse("Mon, 29 Feb 2100 00:00:00 GMT") == nil)
        let dates = try [
            "Tue, 19 Jan 2038 03:14:07 GMT", "Tue, 19 Jan 2038 03:14:08 GMT", "Mon, 01 Mar 2100 00:00:00 GMT",
            "Fri, 31 Dec 9999 23:59:59 GMT",
        ].map { try #require(HTTPDate.parse($0)) }
        #expect(dates == dates.sorted())
        #expect(Set(dates).count == dates.count)
    }
}
