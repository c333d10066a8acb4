import JanuaryCore
import Testing

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

    @Test("code and retryAfter are carried, described and dumped; localizedDescription is the same safe text")
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
        #expect(error.errorDescription == error.description)
        #expect(error.localizedDescription == error.description)
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
}
