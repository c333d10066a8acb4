import Foundation
import JanuaryCore

/// A request's path, checked and percent-encoded once, exactly as it will be sent.
///
/// A path must start with a single `/`, has no query, fragment, backslash, control character or empty, `.` or
/// `..` segment (also when percent-encoded), and keeps every valid percent-escape as written: `/v1.2/foods/a%2Fb`
/// is sent as `a%2Fb`, not `a%252Fb`. Characters a path may not carry raw (a space, non-ASCII) are
/// percent-encoded as UTF-8.
struct RequestPath: Sendable, Equatable {
    /// The path as it goes on the wire.
    let percentEncoded: String

    /// The segments with escapes decoded, for comparisons that must not be fooled by `%61uth` for `auth`.
    let decodedSegments: [String]

    /// Checks and encodes `path`.
    ///
    /// - Parameter path: The path, such as `/v1.2/foods/123`.
    /// - Throws: ``/JanuaryCore/JanuaryError/Category/invalidInput`` saying which rule the path breaks.
    init(_ path: String) throws {
        guard path.hasPrefix("/"), !path.hasPrefix("//") else {
            throw JanuaryError.invalidInput("A request path must start with a single \"/\", such as \"/v1.2/foods\".")
        }
        guard !path.contains(where: { $0 == "?" || $0 == "#" || $0 == "\\" }),
            !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw JanuaryError.invalidInput(
                "A request path must not contain a query, fragment, backslash or control character; pass query "
                    + "parameters as queryItems."
            )
        }
        var encoded = ""
        var segments: [String] = []
        for rawSegment in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let (segmentEncoded, segmentDecoded) = try Self.encode(rawSegment)
            guard segmentDecoded != ".", segmentDecoded != ".." else {
                throw JanuaryError.invalidInput("A request path must not contain \".\" or \"..\" segments.")
            }
            encoded += "/" + segmentEncoded
            segments.append(segmentDecoded)
        }
        // A trailing slash leaves one empty segment at the end; an empty segment anywhere else is refused,
        // because servers and proxies disagree about what "//" means.
        guard !segments.dropLast().contains(where: \.isEmpty) else {
            throw JanuaryError.invalidInput("A request path must not contain empty segments (\"//\").")
        }
        percentEncoded = encoded
        decodedSegments = segments
    }

    /// Whether the path names one of January's server-only endpoints: `/v1.2/auth/…` (token issuance and
    /// revocation) or `/v1.2/credits`. Compared case-insensitively, after decoding, so no spelling slips through.
    var isServerOnly: Bool {
        let lowered = decodedSegments.map { $0.lowercased() }
        guard lowered.count >= 2, lowered[0] == "v1.2" else {
            return false
        }
        return lowered[1] == "auth" || lowered[1] == "credits"
    }

    /// RFC 3986 `pchar` without `%`: unreserved, sub-delims, `:` and `@`.
    private static func isAllowedRaw(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: ":"), UInt8(ascii: "@"):
            true
        default:
            false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// One segment as sent (valid escapes kept, other bytes encoded) and as decoded.
    private static func encode(_ segment: Substring) throws -> (encoded: String, decoded: String) {
        let bytes = Array(segment.utf8)
        var encoded: [UInt8] = []
        var decoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else {
                    throw JanuaryError.invalidInput(
                        "A request path contains a \"%\" that does not start a percent-escape; write it as %25."
                    )
                }
                encoded.append(contentsOf: bytes[index...(index + 2)])
                decoded.append(high << 4 | low)
                index += 3
                continue
            }
            if isAllowedRaw(byte) {
                encoded.append(byte)
            } else {
                encoded.append(contentsOf: Array("%\(String(format: "%02X", byte))".utf8))
            }
            decoded.append(byte)
            index += 1
        }
        return (String(decoding: encoded, as: UTF8.self), String(decoding: decoded, as: UTF8.self))
    }
}
