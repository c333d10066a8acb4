import JanuaryCore
import Testing

@Suite("JanuaryError")
struct JanuaryErrorTests {
    @Test(
        "categories are distinct values with stable names",
        arguments: [
            (JanuaryError.Category.authentication, "authentication"),
            (.tokenProvider, "tokenProvider"),
            (.network, "network"),
            (.server, "server"),
            (.invalidInput, "invalidInput"),
            (.cancelled, "cancelled"),
            (.decoding, "decoding"),
        ])
    func categoryNames(category: JanuaryError.Category, name: String) {
        #expect(category.description == name)
        #expect(Set([category, .authentication, .tokenProvider, .network]).count >= 3)
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
