import Foundation

/// The stand-in partner backend's `POST /partner-backend/january-token`: what a partner's own server answers
/// its app after minting a client token from January. It needs no credential, as the partner's session is
/// out of scope here.
enum PartnerBackendEndpoint {
    static func answer(
        _ request: RecordedRequest,
        now: Date,
        engine: SimulatorEngine,
        books: inout SimulatorBooks
    ) throws -> APIResponse {
        guard request.method == "POST" else {
            var error = APIError(
                status: 405,
                code: "method_not_allowed",
                message: "the partner backend token endpoint accepts POST only"
            )
            error.headerFields = [HeaderField(name: "Allow", value: "POST")]
            throw error
        }
        var body: JSONValue?
        if !request.body.isEmpty {
            guard let parsed = JSONValue.parse(request.body) else {
                throw APIError.invalidRequest("the request body is not valid JSON")
            }
            body = parsed
        }
        let fields = try JSONFields.body(body, emptyAllowed: true)
        let endUserID = try fields.optionalString("end_user_id", maxLength: 64, allowBlank: false)
        let scopes =
            fields.value("scopes") == nil ? JanuaryAPISimulator.Scope.all : try AuthOperations.scopeList(fields)
        var lifetime = engine.tokenLifetime
        if fields.value("ttl_seconds") != nil {
            let seconds = try fields.requiredNumber("ttl_seconds")
            guard seconds > 0 else { throw APIError.invalidRequest("`ttl_seconds` must be greater than 0") }
            lifetime = seconds
        }
        let token = books.credentials.mint(
            endUserID: endUserID ?? books.defaultEndUserID,
            scopes: scopes,
            lifetime: lifetime,
            now: now
        )
        books.statistics.tokensIssued += 1
        return .json(AuthOperations.body(of: token), status: 201)
    }
}
