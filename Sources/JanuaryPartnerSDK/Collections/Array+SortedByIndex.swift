// Sorting through one copy of the standard library's sort.
//
// `sort(by:)` is generic, and whole-module optimisation copies its merge sort (about 3.3 KB for arm64 at -Osize)
// for every element type and every comparison it is called with: seven copies, 23 KB of JanuaryPartnerSDK, before
// these helpers (Docs/Benchmarks.md, "Size in an app"). Here the elements' positions are sorted instead, always as
// `[Int]` through `stableOrder(count:by:)`, so the module keeps one copy, and only the small permutation below is
// copied per element type. The order is the standard library's: stable, equal elements keep their order.
extension Array {
    /// The elements in the order `areInIncreasingOrder` gives, equal elements in their order here.
    ///
    /// - Parameter areInIncreasingOrder: Whether its first argument must come before its second.
    /// - Returns: The sorted elements.
    func sortedByIndex(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        stableOrder(count: count) { areInIncreasingOrder(self[$0], self[$1]) }.map { self[$0] }
    }

    /// Sorts the elements in place, as ``sortedByIndex(by:)`` orders them.
    ///
    /// - Parameter areInIncreasingOrder: Whether its first argument must come before its second.
    mutating func sortByIndex(by areInIncreasingOrder: (Element, Element) -> Bool) {
        self = sortedByIndex(by: areInIncreasingOrder)
    }
}

/// The positions `0..<count` sorted by `areInIncreasingOrder`, equal ones in increasing order: the one place the
/// module sorts. `@inline(never)` keeps callers from inlining it, and with it the sort, into a copy of their own.
///
/// - Parameters:
///   - count: How many positions.
///   - areInIncreasingOrder: Whether the element at its first position must come before the one at its second.
/// - Returns: The positions in sorted order.
@inline(never)
func stableOrder(count: Int, by areInIncreasingOrder: (Int, Int) -> Bool) -> [Int] {
    var order = Array(0..<count)
    order.sort(by: areInIncreasingOrder)
    return order
}
