import Foundation

// How the typed operations write numbers into a query: the percent-encoding of the result is `PercentEncoding`'s.
extension URLQueryItem {
    /// A query item for a number, written without an exponent so that any server parses it the same way.
    init(_ name: String, number: Double) {
        self.init(name: name, value: Self.text(forNumber: number))
    }

    /// A query item for an integer.
    init(_ name: String, number: Int) {
        self.init(name: name, value: String(number))
    }

    /// `8000` rather than `8000.0`, `0.00001` rather than `1e-05`.
    static func text(forNumber value: Double) -> String {
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
}
