import JanuaryCore
import Testing

/// The halving search the token cache and the transport place values with.
@Suite("partitionPoint", suiteTimeLimit())
struct PartitionPointTests {
    @Test(
        "finds the first position whose element does not come before the value",
        arguments: [
            ([], 5, 0),
            ([1], 0, 0),
            ([1], 1, 0),
            ([1], 2, 1),
            ([1, 3, 3, 7], 3, 1),
            ([1, 3, 3, 7], 4, 3),
            ([1, 3, 3, 7], 8, 4),
            ([1, 3, 3, 7], 0, 0),
        ] as [([Int], Int, Int)]
    )
    func lowerBound(sorted: [Int], value: Int, expected: Int) {
        #expect(partitionPoint(count: sorted.count) { sorted[$0] < value } == expected)
    }

    @Test("with `<=`, it finds the position after the last equal element, where a stable insertion goes")
    func upperBound() {
        let sorted = [1, 3, 3, 7]
        #expect(partitionPoint(count: sorted.count) { sorted[$0] <= 3 } == 3)
        #expect(partitionPoint(count: sorted.count) { sorted[$0] <= 0 } == 0)
        #expect(partitionPoint(count: sorted.count) { sorted[$0] <= 7 } == 4)
    }

    @Test("agrees with a linear scan on every sorted array of up to 6 elements from 0...3")
    func agreesWithLinearScan() {
        var checked = 0
        // Every non-decreasing array of `length` elements from `lowest...3`.
        func arrays(length: Int, from lowest: Int = 0) -> [[Int]] {
            guard length > 0 else {
                return [[]]
            }
            return (lowest...3).flatMap { first in arrays(length: length - 1, from: first).map { [first] + $0 } }
        }
        for length in 0...6 {
            for sorted in arrays(length: length) {
                for value in -1...4 {
                    let linear = sorted.firstIndex { $0 >= value } ?? sorted.count
                    #expect(partitionPoint(count: sorted.count) { sorted[$0] < value } == linear)
                    checked += 1
                }
            }
        }
        #expect(checked == 6 * (1 + 4 + 10 + 20 + 35 + 56 + 84))
    }
}
