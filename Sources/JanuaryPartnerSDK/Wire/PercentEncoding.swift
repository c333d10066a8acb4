import Foundation

/// RFC 3986 percent-encoding for what the client builds itself: path bytes, path parameters and query items. The
/// one table of unreserved characters is here.
enum PercentEncoding {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// `%XX` for one byte, in upper-case hexadecimal.
    static func escape(_ byte: UInt8) -> [UInt8] {
        [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
    }

    /// A query: `name=value` pairs joined with `&`, every byte outside RFC 3986's unreserved set encoded, so that
    /// `+`, `&`, `=` and spaces in a value can never be misread (a literal `+` is `%2B`, a space `%20`).
    static func query(_ items: [(name: String, value: String?)]) -> String {
        var bytes: [UInt8] = []
        for (index, item) in items.enumerated() {
            if index > 0 {
                bytes.append(UInt8(ascii: "&"))
            }
            append(item.name, to: &bytes)
            if let value = item.value {
                bytes.append(UInt8(ascii: "="))
                append(value, to: &bytes)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A path parameter, percent-encoded so that it stays one segment: every byte outside RFC 3986's unreserved
    /// set is encoded, by the same table as query items.
    ///
    /// Identifiers are validated against January's patterns before they get here, and those patterns allow only
    /// unreserved characters, so for every value actually sent this is the identity; it is the second line of
    /// defence that keeps a `/`, `?`, `#` or `..` from ever changing which endpoint a request reaches.
    static func pathSegment(_ value: String) -> String {
        guard value != ".", value != ".." else {
            // Unreserved, but a dot-segment: encoded too, so that no server resolves it.
            return String(decoding: value.utf8.flatMap(escape), as: UTF8.self)
        }
        return component(value)
    }

    /// One component (a query name or value, a path segment): every byte outside RFC 3986's unreserved set
    /// encoded.
    static func component(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: escape(byte))
            }
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
