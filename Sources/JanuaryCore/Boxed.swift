/// An immutable value kept on the heap, so that a struct or enum holding it has a layout every module knows.
///
/// Apple builds Foundation for library evolution, and `URL`, `Date`, `TimeZone` and `UUID` are not frozen in it:
/// another module does not know their size. A value that stores one inline, and a value that holds that value
/// inline, gets its layout at run time, and its copies, moves and destroys go through type metadata and
/// value-witness calls. In an app that is code: boxing the request's and the response's URL, a user's time zone
/// and the configuration's URLs, with the request exchange's note of January's time held as seconds, made the
/// four modules 8.6 KB smaller (`bash Scripts/size-check.sh`, Docs/Benchmarks.md "Size in an app"). A reference
/// has one size everywhere, so the holder's layout is static again.
///
/// Linux's Foundation is not built that way, so the difference only shows in an iOS build.
package final class Boxed<Value: Sendable>: Sendable {
    /// The value, which never changes: a holder that changes it stores a new box.
    package let value: Value

    /// Boxes `value`.
    package init(_ value: Value) {
        self.value = value
    }
}
