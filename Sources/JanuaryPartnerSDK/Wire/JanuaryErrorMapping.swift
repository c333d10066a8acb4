import Foundation
import JanuaryCore
import JanuaryTransport

/// Turns one of January's non-2xx responses into the `JanuaryError` an app sees: the category from the status
/// (January's own taxonomy, so an unknown future code still lands in the right place), January's code and
/// cleaned message from the body, the request ID and the `Retry-After` delay.
enum JanuaryErrorMapping {
    /// The category January's taxonomy gives a status.
    ///
    /// - Parameter status: The HTTP status code, not 2xx.
    /// - Returns: 401 authentication, 403 authorization, 404 notFound, 408 and 504 timeout, 429 rateLimited,
    ///   other 4xx invalidInput, other 5xx server, and network for anything else (a redirect that was not
    ///   followed, an informational or nonsense status).
    static func category(for status: Int) -> JanuaryError.Category {
        switch status {
        case 401: .authentication
        case 403: .authorization
        case 404: .notFound
        case 408, 504: .timeout
        case 429: .rateLimited
        case 400...499: .invalidInput
        case 500...599: .server
        default: .network
        }
    }

    /// The error for `response`, whose status is not 2xx.
    ///
    /// - Parameters:
    ///   - response: January's response.
    ///   - body: The response's error body, already parsed.
    ///   - now: The device's time, to read an HTTP-date `Retry-After` when the response has no `Date`: the
    ///     date is January's time, so it is measured against the same response's `Date` whenever there is one.
    /// - Returns: The error to throw.
    static func error(for response: JanuaryHTTPResponse, body: JanuaryErrorBody, now: Date) -> JanuaryError {
        let status = response.statusCode
        let message: String
        switch (body.code, body.message) {
        case (.endUserIDMismatch?, let said):
            let note =
                "The app's user (the PartnerUserID sent as January-End-User-ID) and the user the client token "
                + "was minted for differ: the app acts for one user with another user's token."
            message = said.map { JanuaryError.sentences(note, "January: " + $0) } ?? note
        case (_, let said?):
            message = said
        case (_, nil):
            message = defaultMessage(for: status)
        }
        return JanuaryError(
            category: category(for: status),
            code: body.code,
            message: message,
            statusCode: status,
            requestID: response.redactedRequestID,
            retryAfter: response.retryAfter(now: response.date ?? now)
        )
    }

    private static func defaultMessage(for status: Int) -> String {
        let described = "HTTP \(status)"
        switch status {
        case 401: return "January did not accept the credential (\(described))."
        case 403: return "January refused this operation for this credential (\(described))."
        case 404: return "January found nothing at this path (\(described))."
        case 408, 504: return "January did not answer in time (\(described)). Retrying may succeed."
        case 429: return "January is limiting requests (\(described))."
        case 400...499: return "January rejected the request (\(described))."
        case 500...599: return "January had a server error (\(described)). Retrying later may succeed."
        case 300...399: return "January answered with a redirect that was not followed (\(described))."
        default: return "January answered with an unexpected status (\(described))."
        }
    }
}

extension JanuaryHTTPResponse {
    /// The request ID as errors and responses show it: a value shaped like a key or token (a server echoing
    /// the credential) is `<redacted>`, as in January's messages.
    var redactedRequestID: String? {
        requestID.map(ErrorMessageSanitizer.redactingCredentials(in:))
    }
}

/// What January says in an error response: `{"code": "...", "message": "..."}`, read defensively.
///
/// Gateways in front of January may answer with HTML, plain text or nothing, and a hostile or broken server with
/// anything at all; so a body larger than ``maximumSize`` is not parsed, a body that is not a JSON object of
/// strings yields nothing, and parsing never throws or traps.
struct JanuaryErrorBody: Sendable, Equatable {
    /// The largest body that is parsed: January's error bodies are a few hundred bytes.
    static let maximumSize = 64 * 1024

    /// The longest code kept; January's codes are short words joined by underscores.
    static let maximumCodeLength = 64

    /// January's stable code, if it sent a well-formed one; a code shaped like a key or token is `<redacted>`.
    var code: JanuaryError.Code?

    /// January's message, cleaned by ``ErrorMessageSanitizer``, if it sent one.
    var message: String?

    private struct Wire: Decodable {
        let code: String?
        let message: String?

        private enum Keys {
            static var code: WireKey { WireKey("code") }
            static var message: WireKey { WireKey("message") }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: WireKey.self)
            code = try? container.decodeIfPresent(String.self, forKey: Keys.code)
            message = try? container.decodeIfPresent(String.self, forKey: Keys.message)
        }
    }

    /// Reads `body`; an empty result when it is not January's error shape.
    init(parsing body: Data) {
        guard !body.isEmpty, body.count <= Self.maximumSize, Self.looksLikeJSONObject(body),
            let wire = try? JanuaryJSON.makeDecoder().decode(Wire.self, from: body)
        else {
            return
        }
        code = wire.code.flatMap(Self.acceptableCode).map(ErrorMessageSanitizer.redactingCredentials(in:))
            .map(JanuaryError.Code.init(rawValue:))
        message = wire.message.flatMap(ErrorMessageSanitizer.clean)
    }

    /// A cheap first look, so that HTML and text bodies are not handed to the JSON parser at all.
    private static func looksLikeJSONObject(_ body: Data) -> Bool {
        let first = body.first {
            $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB
                && $0 != 0xBF
        }
        return first == UInt8(ascii: "{")
    }

    /// A code is kept only if it is a plain word (`[A-Za-z0-9_.-]`: ASCII letters of either case, digits, `_`, `.` and
    /// `-`), so that it is safe to print and compare.
    private static func acceptableCode(_ code: String) -> String? {
        guard !code.isEmpty, code.utf8.count <= maximumCodeLength,
            code.utf8.allSatisfy({ byte in
                (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            })
        else {
            return nil
        }
        return code
    }
}
