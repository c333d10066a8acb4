import Foundation

/// `POST /v1.2/auth/client-tokens` and `POST /v1.2/auth/client-token-revocations` (Docs/Contract.md, Credentials), API
/// key only.
enum AuthOperations {
    static let all: [Operation] = [
        Operation("createClientToken", "POST", "/v1.2/auth/client-tokens", access: .apiKeyOnly, scope: nil) {
            context, books in
            try createClientToken(context, &books)
        },
        Operation(
            "revokeClientTokens",
            "POST",
            "/v1.2/auth/client-token-revocations",
            access: .apiKeyOnly,
            scope: nil
        ) { context, books in
            try revokeClientTokens(context, &books)
        },
    ]

    /// January revokes at most this many tokens per call; the caller repeats until `revoked_count` is 0.
    static let revocationBatch = 500

    private static func createClientToken(_ context: OperationContext, _ books: inout SimulatorBooks) throws
        -> APIResponse
    {
        guard books.clientTokensEnabled else {
            throw APIError(status: 403, code: "forbidden", message: "client tokens are not enabled for this account")
        }
        let fields = try JSONFields.body(context.body)
        let endUserID = try fields.requiredString("end_user_id", maxLength: 64)
        let scopes = try scopeList(fields)
        var lifetime = 1800
        if try fields.present("ttl_seconds") != nil {
            lifetime = try fields.requiredInteger("ttl_seconds")
            guard (300...7200).contains(lifetime) else {
                throw APIError.invalidRequest("`ttl_seconds` must be an integer from 300 to 7200")
            }
        }
        let token = books.credentials.mint(
            endUserID: endUserID,
            scopes: scopes,
            lifetime: TimeInterval(lifetime),
            now: context.now
        )
        books.statistics.tokensIssued += 1
        return .json(body(of: token), status: 201)
    }

    private static func revokeClientTokens(_ context: OperationContext, _ books: inout SimulatorBooks) throws
        -> APIResponse
    {
        let fields = try JSONFields.body(context.body)
        let endUserID = try fields.requiredString("end_user_id", maxLength: 64)
        let count = books.credentials.revoke(endUserID: endUserID, now: context.now, limit: revocationBatch)
        return .json(.object(["revoked_count": .int(count)]))
    }

    /// `scopes`: 1–10 values of Docs/Contract.md, Scopes, duplicates collapsed.
    static func scopeList(_ fields: JSONFields) throws -> [JanuaryAPISimulator.Scope] {
        let items = try fields.requiredArray("scopes", count: 1...10)
        var scopes: [JanuaryAPISimulator.Scope] = []
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue, JanuaryAPISimulator.Scope.all.map(\.rawValue).contains(text) else {
                throw APIError.invalidRequest(
                    "`scopes[\(index)]` must be one of "
                        + JanuaryAPISimulator.Scope.all.map(\.rawValue).joined(separator: ", ")
                )
            }
            let scope = JanuaryAPISimulator.Scope(rawValue: text)
            if !scopes.contains(scope) {
                scopes.append(scope)
            }
        }
        return scopes
    }

    /// January's `ClientToken` body.
    static func body(of token: JanuaryAPISimulator.IssuedToken) -> JSONValue {
        .object([
            "token": .string(token.value),
            "expires_in": .int(token.expiresIn),
            "expires_at": .string(Timestamp.format(token.expiresAt)),
            "end_user_id": .string(token.endUserID),
            "scopes": .array(token.scopes.map { .string($0.rawValue) }),
        ])
    }
}
