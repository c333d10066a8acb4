import JanuaryCore

/// How a ``/JanuaryCore/PartnerUserID`` travels in the `X-January-Partner-User-ID` header: its UTF-8 form,
/// percent-encoded (RFC 3986 §2.1) outside `ALPHA / DIGIT / "-" / "." / "_" / "~"`, so that any valid
/// identifier, non-ASCII included, reaches January unambiguously and cannot break the header's framing.
enum PartnerUserIDEncoding {
    static func headerValue(for partnerUserID: PartnerUserID) -> String {
        var result = ""
        result.reserveCapacity(partnerUserID.rawValue.utf8.count)
        for byte in partnerUserID.rawValue.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return result
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
