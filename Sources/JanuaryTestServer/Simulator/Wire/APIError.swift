/// An error answer in January's shape: a status and `{"code": "...", "message": "..."}`.
struct APIError: Error, Sendable {
    let status: Int
    let code: String
    let message: String
    var headerFields: [HeaderField] = []
    /// `false` for an answer with only a status and headers, as from a gateway that drops error bodies.
    var hasBody = true

    /// `400 invalid_request`; the message names the parameter and the rule.
    static func invalidRequest(_ message: String) -> APIError {
        APIError(status: 400, code: "invalid_request", message: message)
    }

    /// `404 not_found`.
    static func notFound(_ message: String) -> APIError {
        APIError(status: 404, code: "not_found", message: message)
    }

    /// `400 date_range_too_large`.
    static func dateRangeTooLarge(_ message: String) -> APIError {
        APIError(status: 400, code: "date_range_too_large", message: message)
    }

    var body: JSONValue? {
        guard hasBody else {
            return nil
        }
        return .object(["code": .string(code), "message": .string(message)])
    }
}
