/// The first of the positions `0..<count` at which `isBefore` is `false`, found by halving, for a predicate that is
/// `true` at every position before that one and `false` from it on: where a value goes in a sorted array so that
/// the order holds.
///
/// The one halving search of the modules that keep small sorted arrays (the token cache's waiters, a response's
/// header fields), out of line and not generic, so that an app holds one copy of it.
///
/// In `[1, 3, 3, 7]`, `{ sorted[$0] < 3 }` gives 1, before the first 3, and `{ sorted[$0] <= 3 }` gives 3, after
/// the last one (`PartitionPointTests`).
///
/// - Parameters:
///   - count: How many positions there are.
///   - isBefore: Whether the element at a position comes before the value being placed.
/// - Returns: The position, from `0` to `count`.
package func partitionPoint(count: Int, where isBefore: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
        let middle = low + (high - low) / 2
        if isBefore(middle) {
            low = middle + 1
        } else {
            high = middle
        }
    }
    return low
}
