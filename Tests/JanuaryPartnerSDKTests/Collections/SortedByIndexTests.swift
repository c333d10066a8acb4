import JanuaryCoreTesting
import Testing

@testable import JanuaryPartnerSDK

/// The module's one sort (`sortedByIndex(by:)`, through `stableOrder(count:by:)`) must order exactly as the standard
/// library's stable sort does, which the outbox's load order and `CGMReading.onePerWindow` rely on.
@Suite("Sorting by index", suiteTimeLimit())
struct SortedByIndexTests {
    struct Pair: Equatable, CustomStringConvertible {
        let key: Int
        let tag: Int
        var description: String { "\(key).\(tag)" }
    }

    static let inputs: [[Int]] = [
        [], [7], [2, 1], [1, 2], [3, 3, 3], [5, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5],
        Array((0..<200).map { ($0 * 7_919) % 13 }), Array((0..<100).reversed()),
    ]

    @Test("orders as the standard library's stable sort, equal keys in their order", arguments: inputs)
    func matchesStableSort(_ keys: [Int]) {
        let pairs = keys.enumerated().map { Pair(key: $0.element, tag: $0.offset) }
        let expected = pairs.sorted { $0.key < $1.key }
        #expect(pairs.sortedByIndex { $0.key < $1.key } == expected)
        for (earlier, later) in zip(expected, expected.dropFirst()) where earlier.key == later.key {
            #expect(earlier.tag < later.tag)
        }
        var sorted = pairs
        sorted.sortByIndex { $0.key < $1.key }
        #expect(sorted == expected)
    }

    @Test("stableOrder gives positions, not elements")
    func stableOrderGivesPositions() {
        let keys = [30, 10, 20, 10]
        #expect(stableOrder(count: keys.count) { keys[$0] < keys[$1] } == [1, 3, 2, 0])
        #expect(stableOrder(count: 0) { _, _ in true }.isEmpty)
    }
}
