import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTransport

extension JanuaryPartnerClient {
    /// Sends a request to January and returns its successful response.
    ///
    /// The client validates the request (including its ``JanuaryRequest/partnerUserID``) before anything is
    /// sent, attaches `Authorization: Bearer …` with a fresh credential, and sends it. When January answers
    /// `401` with the RFC 6750 challenge `Bearer error="invalid_token"`, the client gets a new token (one
    /// provider call, however many requests were rejected at once) and sends a replayable request once more.
    /// It never retries any other `401`, a `403`, or `insufficient_scope`, and never retries twice.
    ///
    /// Cancelling the calling task cancels the HTTP request and any wait for a token.
    ///
    /// - Parameter request: The request.
    /// - Returns: January's response, whose status is in `200..<300`.
    /// - Throws: ``/JanuaryCore/JanuaryError``: ``/JanuaryCore/JanuaryError/Category/invalidInput`` for a request
    ///   refused before sending or a 4xx status; ``/JanuaryCore/JanuaryError/Category/authentication`` for 401 and 403;
    ///   ``/JanuaryCore/JanuaryError/Category/server`` for 5xx; ``/JanuaryCore/JanuaryError/Category/network`` when no
    ///   response came; ``/JanuaryCore/JanuaryError/Category/tokenProvider`` when no token could be had;
    ///   ``/JanuaryCore/JanuaryError/Category/cancelled``.
    public func send(_ request: JanuaryRequest) async throws -> JanuaryResponse {
        let prepared = try prepare(request)
        let credential = try await coordinator.credential()
        let first = try await transport.send(prepared.authorized(with: credential))
        guard Self.rejectsToken(first) else {
            return try Self.successfulResponse(first)
        }
        guard credential.isRefreshable else {
            throw JanuaryError.authentication(
                "January rejected the development API key (invalid_token). A key cannot be refreshed, "
                    + "so the request was not retried; check the key in the January dashboard.",
                statusCode: first.statusCode,
                requestID: first.requestID
            )
        }
        guard prepared.isReplayable else {
            coordinator.discard(credential)
            throw JanuaryError.authentication(
                "January rejected the token (invalid_token). The request was not replayed because "
                    + (request.body.isReplayable
                        ? "it is marked as not replayable." : "its body is a one-shot stream."),
                statusCode: first.statusCode,
                requestID: first.requestID
            )
        }
        let replacement = try await coordinator.invalidate(credential)
        coordinator.emit { now in
            JanuaryTokenEvent(kind: .requestRetried, date: now, generation: replacement.generation)
        }
        let second = try await transport.send(prepared.authorized(with: replacement))
        guard !Self.rejectsToken(second) else {
            // The replacement stays cached: if the partner's backend keeps minting tokens January refuses, the
            // next request then costs one refresh, not two, and refreshes stay bounded at one per request.
            throw JanuaryError.authentication(
                "January rejected a freshly refreshed token too (invalid_token); the request was retried once "
                    + "and will not be retried again. Check what your token endpoint returns.",
                statusCode: second.statusCode,
                requestID: second.requestID
            )
        }
        return try Self.successfulResponse(second)
    }

    /// Sends a request and decodes January's JSON response, with ISO 8601 dates, into a value.
    ///
    /// ```swift
    /// let profile = try await january.send(JanuaryRequest(path: "/v1/profile"), decoding: Profile.self)
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - type: The type to decode the body into.
    /// - Returns: The decoded value.
    /// - Throws: Everything ``send(_:)`` throws, and ``/JanuaryCore/JanuaryError`` of category
    ///   ``/JanuaryCore/JanuaryError/Category/decoding`` when the body does not decode.
    public func send<Value: Decodable>(_ request: JanuaryRequest, decoding type: Value.Type) async throws -> Value {
        let response = try await send(request)
        do {
            return try JanuaryJSON.makeDecoder().decode(Value.self, from: response.body)
        } catch {
            throw JanuaryError(
                category: .decoding,
                message: "January's response could not be decoded as \(Value.self).",
                statusCode: response.statusCode,
                requestID: response.requestID,
                underlyingError: error
            )
        }
    }

    /// Whether January rejected the credential as RFC 6750 §3.1 `invalid_token`: the one answer a refresh can fix.
    ///
    /// Only an answer from a hop that carried the credential counts: a redirect target on another origin never
    /// saw the token, so its `invalid_token` must not make the client discard a good token or replay the request.
    private static func rejectsToken(_ response: HTTPTransportResponse) -> Bool {
        response.statusCode == 401 && !response.credentialWithdrawnByRedirect
            && response.challenges.contains(where: \.isInvalidToken)
    }

    private static func successfulResponse(_ response: HTTPTransportResponse) throws -> JanuaryResponse {
        if let error = response.statusError() {
            throw error
        }
        return JanuaryResponse(response)
    }
}

extension JanuaryTokenEvent.Kind {
    /// The client sent a request again, once, with a refreshed token after January rejected the first one.
    public static let requestRetried = JanuaryTokenEvent.Kind("requestRetried")
}
