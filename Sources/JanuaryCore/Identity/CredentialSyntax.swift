// Written for the client token; `DevelopmentAPIKey` and JanuaryAuth's `Credential` follow the same rule (and
// `Redaction`'s), so that a key is no easier to leak or to inject than a token.

/// The characters a credential may contain before the SDK puts it in an `Authorization` header.
///
/// RFC 6750 §2.1 restricts a bearer token to the `b64token` characters. January's tokens and keys fit, but
/// a partner's backend might wrap them, so the SDK accepts any visible ASCII character (RFC 5234 `VCHAR`).
/// What it must refuse is whitespace, control characters and non-ASCII: a CR or LF in a header value would
/// let a malformed credential inject header lines, and a space would split the `Bearer` credentials.
package enum CredentialSyntax {
    package static func isHeaderSafe(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
