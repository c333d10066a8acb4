/// An immutable value kept on the heap, so that a struct or enum holding it has a layout every module knows.
///
/// Apple builds Foundation for library evolution, and `URL`, `Date`, `TimeZone` and `UUID` are not frozen in it:
/// another module does not know their size. A value that stores one inline, and every value that holds that
/// value inline, gets its layout at run time, and each copy, move or destroy of it goes through type metadata and
/// value-witness calls. On the request path that is time per request; in an app it is code: a request's URL and
/// a user's time zone cost about 5 KB of the four modules (`bash Scripts/size-check.sh`, Docs/Benchmarks.md
/// "Size in an app"). A reference has one size everywhere, so the holder's layout is static again.
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
