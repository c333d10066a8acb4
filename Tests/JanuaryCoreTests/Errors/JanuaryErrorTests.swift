import Foundation
import JanuaryCore
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("JanuaryError", suiteTimeLimit())
struct JanuaryErrorTests {
    @Test(
        "categories are distinct values with stable names",
        arguments: [
            (JanuaryError.Category.authentication, "authentication"),
            (.authorization, "authorization"),
            (.tokenProvider, "tokenProvider"),
            (.network, "network"),
            (.timeout, "timeout"),
            (.server, "server"),
            (.invalidInput, "invalidInput"),
            (.notFound, "notFound"),
            (.rateLimited, "rateLimited"),
            (.cancelled, "cancelled"),
            (.decoding, "decoding"),
        ])
    func categoryNames(category: JanuaryError.Category, name: String) {
        #expect(category.description == name)
    }

    @Test("the eleven categories are distinct")
    func categoriesAreDistinct() {
        let all: [JanuaryError.Category] = [
            .authentication, .authorization, .tokenProvider, .network, .timeout, .server, .invalidInput, .notFound,
            .rateLimited, .cancelled, .decoding,
        ]
        #expect(Set(all).count == all.count)
    }

    @Test("code and retryAfter are carried, described and dumped; localizedDescription is a sentence for users")
    func codeAndRetryAfter() {
        let error = JanuaryError(
            category: .rateLimited,
            code: "rate_limited",
            message: "Slow down.",
            statusCode: 429,
            requestID: "req_1",
            retryAfter: 30
        )
        #expect(error.code == "rate_limited")
        #expect(error.retryAfter == 30)
        #expect(
            error.description
                == "JanuaryError(rateLimited (rate_limited): Slow down., status 429, request ID req_1, retry after 30 s)"
        )
        #expect(error.errorDescription == "Too many requests were made just now. Please wait a moment and try again.")
        #expect(error.localizedDescription == error.errorDescription)
        #expect(error.debugDescription == error.description)
        var dumped = ""
        dump(error, to: &dumped)
        #expect(dumped.contains("rate_limited"))
        #expect(dumped.contains("retryAfter"))
        let fractional = JanuaryError(category: .rateLimited, message: "m", retryAfter: 1.25)
        #expect(fractional.description.contains("retry after 1.250 s"))
    }

    @Test("categories can be matched in a switch with a default branch")
    func switchOverCategory() {
        func action(for category: JanuaryError.Category) -> String {
            switch category {
            case .authentication: "sign in"
            case .network: "retry"
            default: "report"
            }
        }
        #expect(action(for: .authentication) == "sign in")
        #expect(action(for: .network) == "retry")
        #expect(action(for: .server) == "report")
    }

    @Test("description carries category, message, status and request ID")
    func descriptionCarriesFacts() {
        let error = JanuaryError(
            category: .server,
            message: "January answered 503.",
            statusCode: 503,
            requestID: "req_abc123",
            underlyingError: CancellationError()
        )
        #expect(error.statusCode == 503)
        #expect(error.requestID == "req_abc123")
        #expect(
            error.description
                == "JanuaryError(server: January answered 503., status 503, request ID req_abc123, "
                + "caused by Swift.CancellationError)"
        )
        #expect(String(reflecting: error) == error.description)
    }

    @Test("a minimal error describes itself without empty fields")
    func minimalDescription() {
        let error = JanuaryError(category: .network, message: "Offline.")
        #expect(error.description == "JanuaryError(network: Offline.)")
        #expect(error.underlyingError == nil)
        var dumped = ""
        dump(error, to: &dumped)
        #expect(dumped.contains("network"))
        #expect(!dumped.contains("statusCode"))
    }

    static let allCategories: [JanuaryError.Category] = [
        .authentication, .authorization, .tokenProvider, .network, .timeout, .server, .invalidInput, .notFound,
        .rateLimited, .cancelled, .decoding,
    ]

    @Test(
        "errorDescription is one plain sentence without type names, codes, request IDs or January's message",
        arguments: allCategories
    )
    func errorDescriptionIsForUsers(category: JanuaryError.Category) throws {
        let error = JanuaryError(
            category: category,
            code: "some_code_x",
            message: "developer text: token_expired for req_9f",
            statusCode: 503,
            requestID: "req_9f3e1a2b_7",
            retryAfter: 2,
            underlyingError: JanuaryError(category: .network, message: "inner")
        )
        let sentence = try #require(error.errorDescription)
        for forbidden in [
            "JanuaryError", "(", "_", "req_", "some_code_x", "developer text", "503", "tokenProvider", "invalidInput",
            "rateLimited", "notFound",
        ] {
            #expect(!sentence.contains(forbidden), "\(sentence) contains \(forbidden)")
        }
        #expect(sentence.first?.isUppercase == true && sentence.hasSuffix("."), "\(sentence)")
        #expect(error.localizedDescription == sentence)
        // Developers keep every detail.
        for detail in ["JanuaryError(", "some_code_x", "req_9f3e1a2b_7", "developer text", "status 503"] {
            #expect(error.description.contains(detail) && error.debugDescription.contains(detail))
        }
    }

    @Test("each category has its own user sentence")
    func userSentencesDiffer() {
        let sentences = Self.allCategories.map { JanuaryError(category: $0, message: "m").errorDescription }
        #expect(Set(sentences).count == Self.allCategories.count)
    }

    @Test(
        "codes compare as constants and as string literals",
        arguments: [
            (JanuaryError.Code.creditLimitExceeded, "credit_limit_exceeded"),
            (.rateLimited, "rate_limited"),
            (.tokenExpired, "token_expired"),
            (.tokenInvalid, "token_invalid"),
            (.tokenRevoked, "token_revoked"),
            (.endUserIDMismatch, "end_user_id_mismatch"),
            (.partnerBackendRefused, "partner_backend_refused"),
            (.partnerBackendFailed, "partner_backend_failed"),
            (.signedOut, "signed_out"),
        ]
    )
    func codesCompare(code: JanuaryError.Code, spelling: String) {
        let error = JanuaryError(category: .rateLimited, code: code, message: "m")
        #expect(error.code == code)
        #expect(error.code?.rawValue == spelling)
        #expect(error.code == JanuaryError.Code(rawValue: spelling))
        #expect(code.description == spelling)
        let unknown = JanuaryError(category: .server, code: "brand_new_code", message: "m")
        #expect(unknown.code == "brand_new_code")
        #expect(unknown.code != code)
    }

    @Test("a literal compares with the code directly")
    func literalComparison() {
        let error = JanuaryError(category: .rateLimited, code: .creditLimitExceeded, message: "m")
        #expect(error.code == "credit_limit_exceeded")
        #expect(error.code == .creditLimitExceeded)
        #expect(JanuaryError(category: .network, message: "m").code == nil)
    }

    @Test(
        "messages are joined as sentences",
        arguments: [
            (
                "the client token was refused: token expired", "Note.",
                "the client token was refused: token expired. Note."
            ),
            ("Slow down.", "Note.", "Slow down. Note."),
            ("Really?", "Note.", "Really? Note."),
            ("", "Note.", "Note."),
            ("trailing space ", "Note.", "trailing space. Note."),
        ]
    )
    func sentences(first: String, second: String, joined: String) {
        #expect(JanuaryError.sentences(first, second) == joined)
    }

    /// The URLErrors after which a request certainly never reached a server, and some after which it may have.
    static let sentOrNot: [(URLError.Code, Bool)] = [
        (.notConnectedToInternet, true), (.dataNotAllowed, true), (.internationalRoamingOff, true),
        (.cannotFindHost, true), (.dnsLookupFailed, true), (.cannotConnectToHost, true),
        (.secureConnectionFailed, true), (.serverCertificateUntrusted, true), (.serverCertificateHasBadDate, true),
        (.serverCertificateNotYetValid, true), (.serverCertificateHasUnknownRoot, true),
        (.clientCertificateRejected, true), (.clientCertificateRequired, true),
        (.appTransportSecurityRequiresSecureConnection, true),
        (.timedOut, false), (.networkConnectionLost, false), (.badServerResponse, false), (.cancelled, false),
        (.httpTooManyRedirects, false), (.userAuthenticationRequired, false), (.unknown, false),
    ]

    @Test(
        "a network error proves its request was never sent only for failures before any byte left", arguments: sentOrNot
    )
    func provesNotSent(code: URLError.Code, provesNotSent: Bool) {
        let urlError = URLError(code)
        #expect(NetworkFailure(urlError).provesNotSent == provesNotSent)
        #expect(JanuaryError.network("down", underlyingError: urlError).provesNotSent == provesNotSent)
        let timeout = JanuaryError(category: .timeout, message: "slow", underlyingError: urlError)
        #expect(!timeout.provesNotSent, "only a network error proves anything")
    }
}
