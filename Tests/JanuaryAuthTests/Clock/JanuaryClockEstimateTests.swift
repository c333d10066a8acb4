import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@testable import JanuaryAuth

/// January's clock, one value read by the token cache and by undated writes (issue 44): which dates count, and
/// for whom.
@Suite("January's clock, from its answers' Date headers", suiteTimeLimit())
struct JanuaryClockEstimateTests {
    @Test func januarysTimeIsTheMedianOfTheLastFiveDatesOnTheMonotonicClock() {
        var january = JanuaryClockEstimate()
        #expect(january.time(at: at(0)) == nil)
        january.note(start + 42, at: at(0))
        #expect(january.time(at: at(0)) == start + 42)
        #expect(january.time(at: at(5)) == start + 47, "counted on the monotonic clock")
        // One date ten minutes off moves the median halfway; a second good one puts it back.
        january.note(start - 558, at: at(10))
        #expect(january.time(at: at(10)) == start - 253)
        january.note(start + 62, at: at(20))
        #expect(january.time(at: at(20)) == start + 62)
        // A non-finite date is not kept; the token cache does not count dates more than a day off the device's
        // clock.
        january.note(Date(timeIntervalSinceReferenceDate: .infinity), at: at(30))
        january.note(start + 86_500, at: at(30))
        january.note(Date(timeIntervalSince1970: 0), at: at(30))
        #expect(january.time(at: at(30)) == start + 72)
        // Only the last five count: five dates a minute ahead outvote the older ones.
        for second in 40..<45 {
            january.note(start + 60 + TimeInterval(second), at: at(TimeInterval(second)))
        }
        #expect(january.time(at: at(50)) == start + 110)
        // An estimate that the device's clock has since moved more than a day away from is not used.
        #expect(january.time(at: at(50, wallOffset: 90_000)) == nil)
    }

    /// Every order of five dates (and of the first four, whose median is a mean), so that the median's own sort is
    /// checked on each arrangement it can meet.
    static let orders: [[TimeInterval]] = permutations([7, -3, 12, 0, 5]) + permutations([7, -3, 12, 0])

    static func permutations(_ values: [TimeInterval]) -> [[TimeInterval]] {
        guard values.count > 1 else {
            return [values]
        }
        return values.indices.flatMap { index in
            var rest = values
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }

    @Test("the median is the same whatever order the dates arrive in", arguments: orders)
    func medianOfAnyOrder(_ offsets: [TimeInterval]) {
        var january = JanuaryClockEstimate()
        for offset in offsets {
            january.note(start + offset, at: at(0))
        }
        #expect(january.timeWhateverTheDevice(at: at(0)) == start + (offsets.count == 5 ? 5 : 3.5))
        #expect(january.time(at: at(0)) == start + (offsets.count == 5 ? 5 : 3.5))
    }

    @Test(
        "a device clock days off: the token cache does not believe January's dates, a log's date does",
        arguments: [2 * 86_400, -2 * 86_400, 6 * 3_600] as [TimeInterval]
    )
    func dating(deviceOffset: TimeInterval) {
        var january = JanuaryClockEstimate()
        january.note(start, at: at(0, wallOffset: deviceOffset))
        let now = at(10, wallOffset: deviceOffset)
        #expect(january.timeWhateverTheDevice(at: now) == start + 10)
        let believed = abs(deviceOffset) <= JanuaryClockEstimate.maximumDisagreement
        #expect(january.time(at: now) == (believed ? start + 10 : nil))
    }

    @Test("the client's clock dates a log half a second after the truncated Date, and forgets on request")
    func serverClock() {
        let clock = ManualClock()
        let january = JanuaryServerClock(clock: clock)
        #expect(january.timeForDating() == nil && january.time(at: clock.reading()) == nil)
        january.note(clock.now().addingTimeInterval(-259_200))  // three days before the device
        clock.advance(by: 4)
        #expect(january.timeForDating() == clock.now().addingTimeInterval(-259_200 + 0.5))
        #expect(january.time(at: clock.reading()) == nil, "three days off the device: not for tokens")
        january.forget()
        #expect(january.timeForDating() == nil)
    }
}
