// The loopback server is compiled out on watchOS, which does not let apps open BSD sockets (Apple TN3135): tests
// there use the in-process simulator. JANUARY_NO_LOOPBACK_SERVER builds the same shape elsewhere, so that
// Scripts/apple-typecheck.sh can check it without a watchOS SDK.
#if !os(watchOS) && !JANUARY_NO_LOOPBACK_SERVER
import Foundation

/// Pure parsing of a request's head: the request line, field lines and message framing (RFC 9112 §3, §5, §6).
enum RequestHead {
    /// How the request's content is delimited (RFC 9112 §6.3).
    enum Framing: Equatable {
        case empty
        case length(Int)
        case chunked
    }

    /// Splits `method SP request-target SP HTTP-version` (RFC 9112 §3).
    ///
    /// - Returns: The three parts, or `nil` if the line is not of that form.
    static func parseRequestLine(_ line: [UInt8]) -> (method: String, target: String, version: String)? {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3,
            !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte),
            !parts[1].isEmpty, parts[1].allSatisfy({ (0x21...0x7E).contains($0) }),
            parts[2].count == 8, parts[2].starts(with: Array("HTTP/".utf8))
        else {
            return nil
        }
        return (
            String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self),
            String(decoding: parts[2], as: UTF8.self)
        )
    }

    /// Parses `field-name ":" OWS field-value OWS` (RFC 9112 §5). Refuses whitespace before the colon and
    /// obsolete line folding (§5.1, §5.2), and control characters other than HTAB in the value.
    static func parseField(_ line: [UInt8]) -> HeaderField? {
        guard let colon = line.firstIndex(of: 0x3A), colon > 0 else {
            return nil
        }
        let name = line[..<colon]
        guard name.allSatisfy(isTokenByte) else {
            return nil
        }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 {
            value = value.dropFirst()
        }
        while let last = value.last, last == 0x20 || last == 0x09 {
            value = value.dropLast()
        }
        guard value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else {
            return nil
        }
        let text = String(bytes: value, encoding: .utf8) ?? String(bytes: value, encoding: .isoLatin1) ?? ""
        return HeaderField(name: String(decoding: name, as: UTF8.self), value: text)
    }

    /// Works out the framing from `Transfer-Encoding` and `Content-Length`.
    ///
    /// - Returns: The framing, or `nil` when it is invalid: a transfer coding other than a final `chunked`,
    ///   or `Content-Length` values that are not all the same decimal number.
    static func framing(of fields: [HeaderField]) -> Framing? {
        let codings = tokens(of: "Transfer-Encoding", in: fields)
        if !codings.isEmpty {
            return codings.last == "chunked" && codings.dropLast().allSatisfy({ $0 != "chunked" }) ? .chunked : nil
        }
        let lengths = fields.filter { RecordedRequest.namesMatch($0.name, "Content-Length") }
            .flatMap { $0.value.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = lengths.first else {
            return Framing.empty
        }
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 12,
            first.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let length = Int(first)
        else {
            return nil
        }
        return length == 0 ? Framing.empty : .length(length)
    }

    /// The comma-separated, lower-cased tokens of every field with this name (RFC 9110 §5.6.1).
    static func tokens(of name: String, in fields: [HeaderField]) -> [String] {
        fields.filter { RecordedRequest.namesMatch($0.name, name) }
            .flatMap { $0.value.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
    }

    /// Parses a chunk-size line, `1*HEXDIG [ chunk-ext ]` (RFC 9112 §7.1, §7.1.1).
    ///
    /// - Returns: The size, or `nil` when it is not hexadecimal or too large.
    static func chunkSize(_ line: [UInt8]) -> Int? {
        let digits = line.prefix { $0 != 0x3B && $0 != 0x20 && $0 != 0x09 }
        guard !digits.isEmpty, digits.count <= 8 else {
            return nil
        }
        var size = 0
        for byte in digits {
            guard let digit = hexValue(byte) else {
                return nil
            }
            size = size * 16 + digit
        }
        return size
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }

    /// `tchar` from RFC 9110 §5.6.2.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
#endif
