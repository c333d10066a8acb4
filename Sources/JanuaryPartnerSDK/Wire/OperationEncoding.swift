import Foundation
import JanuaryCore

/// How the typed operations put values into paths, queries and bodies.
enum OperationEncoding {
    /// A path parameter, percent-encoded so that it stays one segment: every byte outside RFC 3986's unreserved
    /// set is encoded, by the same encoder as query items.
    ///
    /// Identifiers are validated against January's patterns before they get here, and those patterns allow only
    /// unreserved characters, so for every value actually sent this is the identity; it is the second line of
    /// defence that keeps a `/`, `?`, `#` or `..` from ever changing which endpoint a request reaches.
    static func pathSegment(_ value: String) -> String {
        guard value != ".", value != ".." else {
            // Unreserved, but a dot-segment: encoded too, so that no server resolves it.
            return String(decoding: value.utf8.flatMap(PercentEncoding.escape), as: UTF8.self)
        }
        return PercentEncoding.component(value)
    }

    /// A query item for a number, written without an exponent so that any server parses it the same way.
    static func queryItem(_ name: String, _ value: Double) -> URLQueryItem {
        URLQueryItem(name: name, value: number(value))
    }

    /// A query item for an integer.
    static func queryItem(_ name: String, _ value: Int) -> URLQueryItem {
        URLQueryItem(name: name, value: String(value))
    }

    /// `8000` rather than `8000.0`, `0.00001` rather than `1e-05`.
    static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 {
            return String(Int64(value))
        }
        let plain = String(value)
        guard plain.contains("e") else {
            return plain
        }
        var fixed = String(format: "%.12f", value)
        while fixed.hasSuffix("0") {
            fixed.removeLast()
        }
        if fixed.hasSuffix(".") {
            fixed.removeLast()
        }
        return fixed
    }

    /// A JSON request.
    static func jsonRequest(method: JanuaryRequest.Method, path: String, body: some Encodable) throws
        -> JanuaryRequest
    {
        JanuaryRequest(
            method: method, path: path, body: .data(try JanuaryJSON.encode(body), contentType: "application/json"))
    }
}
