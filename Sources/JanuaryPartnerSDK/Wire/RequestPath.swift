import Foundation
import JanuaryCore

/// A request's path, checked and percent-encoded once, exactly as it will be sent.
///
/// A path must start with a single `/`, and is refused, before anything is sent, when it contains:
/// - a query or fragment (`?`, `#`), a backslash, a `;` (a path parameter, which servers and proxies strip or
///   route differently), or a control character (U+0000 to U+001F, U+007F, or any Unicode control);
/// - a percent-escape that decodes to `/`, `\`, `;`, NUL or another control character (`%2F`, `%5C`, `%3B`,
///   `%00`…`%1F`, `%7F`, in either case), because a server that decodes before routing would see other segments;
/// - an empty segment other than a trailing slash, or a `.` or `..` segment, judged after decoding (`%2E%2E`);
/// - a `%` that does not start a valid escape.
///
/// Every other valid escape is kept as written (`caf%C3%A9` is not sent as `caf%25C3%25A9`), and characters a
/// path may not carry raw (a space, non-ASCII) are percent-encoded as UTF-8. ``isServerOnly(under:)`` is judged on the
/// decoded segments, so the refusal of January's server-only endpoints cannot be escaped by a spelling.
///
/// Built for every request, so the common path (plain ASCII, no escapes) is checked in one pass over its bytes
/// and kept as it is; only a path with escapes or characters to encode takes the segment-by-segment route.
struct RequestPath: Sendable, Equatable {
    /// The path as it goes on the wire.
    let percentEncoded: String

    /// The decoded segments, a trailing slash leaving an empty last one.
    private let segments: [Substring]

    /// Whether the path alone names one of January's server-only endpoints; see ``isServerOnly(under:)``.
    var isServerOnly: Bool {
        isServerOnly(under: [])
    }

    /// Whether the URL this path makes on a base URL whose path has `baseSegments` names one of January's
    /// server-only endpoints: `…/v1.2/auth/…` (token issuance and revocation) or `…/v1.2/credits`, wherever the
    /// pair stands. Judged on the joined path, because a base URL of `…/v1.2` or `…/v1.2/auth` makes
    /// `/v1.2/auth/client-tokens` out of a request path that names neither. Compared case-insensitively, after
    /// decoding, so no spelling slips through.
    ///
    /// - Parameter baseSegments: The base URL's decoded path segments.
    /// - Returns: `true` when the joined path reaches a server-only endpoint.
    func isServerOnly(under baseSegments: [Substring]) -> Bool {
        // Pair by pair along the base's non-empty segments, then the path's, without joining them into a new
        // array: this runs for every request.
        var followsVersion = false
        func reachesServerOnly(_ segment: Substring) -> Bool {
            if followsVersion && Self.namesServerOnlyEndpoint(segment) {
                return true
            }
            followsVersion = Self.equalsIgnoringCase(segment, "v1.2")
            return false
        }
        return baseSegments.contains { !$0.isEmpty && reachesServerOnly($0) }
            || segments.contains(where: reachesServerOnly)
    }

    /// Whether a segment after `v1.2` names a server-only endpoint: `auth` or `credits`, in any case.
    private static func namesServerOnlyEndpoint(_ segment: Substring) -> Bool {
        equalsIgnoringCase(segment, "auth") || equalsIgnoringCase(segment, "credits")
    }

    /// The decoded segments of a base URL's path, for ``isServerOnly(under:)``.
    ///
    /// - Parameter url: The base URL.
    /// - Returns: Its path's non-empty segments, decoded.
    static func baseSegments(of url: URL) -> [Substring] {
        url.path.split(separator: "/")
    }

    /// Checks and encodes `path`.
    ///
    /// - Parameter path: The path, such as `/v1.2/foods/123`.
    /// - Throws: ``/JanuaryCore/JanuaryError/Category/invalidInput`` saying which rule the path breaks.
    init(_ path: String) throws {
        guard path.hasPrefix("/"), !path.hasPrefix("//") else {
            throw JanuaryError.invalidInput("A request path must start with a single \"/\", such as \"/v1.2/foods\".")
        }
        var isPlain = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\\")
                || byte == UInt8(ascii: ";") || byte < 0x20 || byte == 0x7F
            {
                throw Self.forbiddenCharacter
            }
            if byte != UInt8(ascii: "/") && !Self.isAllowedRaw(byte) {
                isPlain = false
            }
        }
        let segments: [Substring]
        if isPlain {
            percentEncoded = path
            segments = Self.segments(of: path)
        } else {
            guard !Self.containsControlCharacter(Substring(path)) else {
                throw Self.forbiddenCharacter
            }
            var encoded = ""
            var decoded: [Substring] = []
            for rawSegment in Self.segments(of: path) {
                let (segmentEncoded, segmentDecoded) = try Self.encode(rawSegment)
                encoded += "/" + segmentEncoded
                decoded.append(Substring(segmentDecoded))
            }
            percentEncoded = encoded
            segments = decoded
        }
        guard !segments.contains(where: Self.isDotSegment) else {
            throw JanuaryError.invalidInput("A request path must not contain \".\" or \"..\" segments.")
        }
        // A trailing slash leaves one empty segment at the end; an empty segment anywhere else is refused,
        // because servers and proxies disagree about what "//" means.
        guard !segments.dropLast().contains(where: { $0.isEmpty }) else {
            throw JanuaryError.invalidInput("A request path must not contain empty segments (\"//\").")
        }
        self.segments = segments
    }

    /// Encodes a typed operation's path from its raw segments (`["v1.2", "foods", id]`), each percent-encoded once:
    /// no text is parsed, so nothing is decoded and encoded again.
    ///
    /// - Parameter segments: The segments, not percent-encoded.
    /// - Throws: `invalidInput` for an empty, `.` or `..` segment, or one holding `/`, `\`, `;` or a control
    ///   character, which would make the server read other segments.
    init(segments: [String]) throws {
        var encoded = ""
        for segment in segments {
            guard !segment.isEmpty, segment != ".", segment != "..",
                !segment.utf8.contains(where: Self.isForbiddenEscape),
                !Self.containsControlCharacter(Substring(segment))
            else {
                throw JanuaryError.invalidInput(
                    "A path segment must not be empty, \".\" or \"..\", or hold \"/\", \"\\\", \";\" or a control character."
                )
            }
            encoded += "/" + PercentEncoding.pathSegment(segment)
        }
        percentEncoded = encoded
        self.segments = segments.map { Substring($0) }
    }

    /// The segments of a path after its leading `/`, split on its `/` bytes (which in UTF-8 never fall inside
    /// another character): `split` on the `String` would walk it by `Character`, finding grapheme boundaries in
    /// text that is mostly ASCII, for every request.
    private static func segments(of path: String) -> [Substring] {
        let bytes = path.utf8
        var segments: [Substring] = []
        var start = bytes.index(after: bytes.startIndex)
        var index = start
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                segments.append(Substring(bytes[start..<index]))
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        segments.append(Substring(bytes[start..<bytes.endIndex]))
        return segments
    }

    /// Whether `text` holds a control character (Unicode's general category `Cc`: C0, DEL and C1), read from its
    /// UTF-8 bytes, in which a C1 character is `C2` followed by `80` to `9F`.
    static func containsControlCharacter(_ text: Substring) -> Bool {
        var followsC2 = false
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (followsC2 && byte <= 0x9F) {
                return true
            }
            followsC2 = byte == 0xC2
        }
        return false
    }

    /// Whether a decoded segment is `.` or `..`, compared by its bytes.
    private static func isDotSegment(_ segment: Substring) -> Bool {
        let bytes = segment.utf8
        return (bytes.count == 1 || bytes.count == 2) && bytes.allSatisfy { $0 == UInt8(ascii: ".") }
    }

    private static var forbiddenCharacter: JanuaryError {
        JanuaryError.invalidInput(
            "A request path must not contain a query, fragment, backslash, semicolon or control character; pass "
                + "query parameters as queryItems."
        )
    }

    /// Compares byte by byte with two iterators rather than through `zip`, whose iterator the compiler builds and
    /// destroys through type metadata: this runs for each segment of every request.
    private static func equalsIgnoringCase(_ segment: Substring, _ lowercase: String) -> Bool {
        guard segment.utf8.count == lowercase.utf8.count else {
            return false
        }
        var expected = lowercase.utf8.makeIterator()
        for byte in segment.utf8 {
            let lowered = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            guard lowered == expected.next() else {
                return false
            }
        }
        return true
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

    /// Bytes that may not be smuggled in as an escape: separators a server could split on after decoding, and
    /// control characters.
    private static func isForbiddenEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ";") || byte < 0x20
            || byte == 0x7F
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
                let value = high << 4 | low
                guard !isForbiddenEscape(value) else {
                    throw JanuaryError.invalidInput(
                        "A request path must not contain an escaped \"/\", \"\\\", \";\" or control character (such "
                            + "as %2F, %5C, %3B or %00): a server that decodes before routing would read another path."
                    )
                }
                encoded.append(contentsOf: bytes[index...(index + 2)])
                decoded.append(value)
                index += 3
                continue
            }
            if isAllowedRaw(byte) {
                encoded.append(byte)
            } else {
                encoded.append(contentsOf: PercentEncoding.escape(byte))
            }
            decoded.append(byte)
            index += 1
        }
        return (String(decoding: encoded, as: UTF8.self), String(decoding: decoded, as: UTF8.self))
    }
}
