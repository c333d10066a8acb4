import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTransport

extension JanuaryPartnerClient {
    /// Sends a request to January and returns its successful response.
    ///
    /// The client validates the request (including its ``JanuaryRequest/partnerUserID``) before anything is
    /// sent, attaches `Authorization: Bearer …` with a fresh credential, and sends it. Then:
    ///
    /// - **Token expired.** When January answers `401` with code `token_expired` (or, without a body, a
    ///   `Bearer error="invalid_token"` challenge whose `error_description` says the token expired, or that has
    ///   no description), from a hop that carried the credential, the client gets a new token (one provider call,
    ///   however many requests were rejected at once) and sends a replayable request once more.
    /// - **Token revoked or unknown.** `token_revoked` and `token_invalid` (by code, or by the challenge's
    ///   description) are not fixed by a new token: the request fails at once with category `authentication` and
    ///   January's code, the cached token is dropped so that the next request asks your provider, and a
    ///   `tokenRevokedOrUnknown` event is sent. Your user must sign in to your backend again.
    /// - Every other `401` and every `403` fails at once with January's code.
    /// - **Rate limits and transient failures.** The client sends the request again as
    ///   ``Configuration/retryPolicy`` says: after `429 rate_limited` on any method, after `5xx` or a transport
    ///   failure only when ``JanuaryRequest/isIdempotent`` (by default, the method's rule), waiting `Retry-After`
    ///   or a growing delay.
    ///
    /// Cancelling the calling task cancels the HTTP request and any wait, and throws `CancellationError`.
    ///
    /// - Parameter request: The request.
    /// - Returns: January's response, whose status is in `200..<300`.
    /// - Throws: `CancellationError` when the calling task is cancelled; otherwise ``/JanuaryCore/JanuaryError``,
    ///   whose category follows January's status (see Docs/Errors.md) and which carries January's code, message,
    ///   request ID and `Retry-After`.
    public func send(_ request: JanuaryRequest) async throws -> JanuaryResponse {
        let prepared = try prepare(request)
        let response = try await exchange(prepared)
        return JanuaryResponse(response)
    }

    /// Sends a prepared request until January answers with success or the client gives up, following the token
    /// and retry rules of ``send(_:)``.
    func exchange(_ prepared: PreparedRequest) async throws -> HTTPTransportResponse {
        var credential: Credential
        if let fresh = coordinator.freshCredential() {
            credential = fresh
        } else {
            do {
                credential = try await coordinator.credential()
            } catch let error as JanuaryError where error.code != JanuaryError.Code.signedOut {
                throw lastTokenRefusal.withLock { $0 }.map { error.with(cause: $0) } ?? error
            }
        }
        let epoch = credential.epoch
        var hasReplayedAfterRefresh = false
        var retries = 0
        var waited: TimeInterval = 0
        while true {
            let outcome: Result<HTTPTransportResponse, JanuaryError>
            do {
                outcome = .success(try await prepared.send(with: credential, over: transport))
            } catch let error as JanuaryError where error.category == .network || error.category == .timeout {
                outcome = .failure(error)
            }
            let failure: JanuaryError
            switch outcome {
            case .failure(let error):
                // No response: the request may or may not have reached January.
                failure = error
            case .success(let response) where (200...299).contains(response.statusCode):
                acknowledge(response, sentWith: credential)
                return response
            case .success(let response):
                var body = JanuaryErrorBody(parsing: response.body)
                if let (rejection, code) = TokenRejection.reading(response, body: body) {
                    body.code = code
                    guard rejection == .expired, prepared.isReplayable, !hasReplayedAfterRefresh,
                        credential.isRefreshable
                    else {
                        coordinator.discard(credential)
                        let error = self.rejection(
                            response,
                            body: body,
                            credential: credential,
                            prepared: prepared,
                            hasReplayed: hasReplayedAfterRefresh
                        )
                        if rejection == .revokedOrUnknown, credential.isRefreshable {
                            lastTokenRefusal.withLock { $0 = error }
                            let generation = credential.generation
                            coordinator.emit {
                                JanuaryEvent(
                                    kind: .tokenRevokedOrUnknown,
                                    date: $0,
                                    generation: generation,
                                    statusCode: 401,
                                    code: code.rawValue
                                )
                            }
                        }
                        throw error
                    }
                    do {
                        credential = try await coordinator.invalidate(credential)
                    } catch let error as JanuaryError where error.code != JanuaryError.Code.signedOut {
                        throw error.with(
                            cause: JanuaryErrorMapping.error(for: response, body: body, now: configuration.clock.now())
                        )
                    }
                    hasReplayedAfterRefresh = true
                    let generation = credential.generation
                    coordinator.emit { JanuaryEvent(kind: .requestRetried, date: $0, generation: generation) }
                    continue
                }
                acknowledge(response, sentWith: credential)
                failure = JanuaryErrorMapping.error(for: response, body: body, now: configuration.clock.now())
            }
            switch RetryDecision.decide(
                after: failure,
                isIdempotent: prepared.isIdempotent,
                isReplayable: prepared.isReplayable,
                retriesSoFar: retries,
                waitedSoFar: waited,
                policy: configuration.retryPolicy,
                jitter: Double.random(in: 0...1)
            ) {
            case .fail:
                throw Self.annotated(failure, prepared: prepared)
            case .retry(let wait):
                retries += 1
                waited += wait
                let attempt = UInt64(retries)
                coordinator.emit { date in
                    JanuaryEvent(
                        kind: .retryScheduled,
                        date: date,
                        attempt: attempt,
                        retryAfter: wait,
                        statusCode: failure.statusCode,
                        code: failure.code?.rawValue
                    )
                }
                try await retryWaits.wait(wait, on: configuration.clock, epoch: epoch, of: coordinator)
                credential = try await coordinator.credential(inEpoch: epoch)
            }
        }
    }

    /// Tells the token cache what a response from a hop that carried the credential says: January's clock (from
    /// a 2xx only, so that an error page of a proxy or gateway cannot set it), and whether January authenticated
    /// the credential (see ``provesAuthentication(_:)``).
    private func acknowledge(_ response: HTTPTransportResponse, sentWith credential: Credential) {
        guard !response.credentialWithdrawnByRedirect else {
            return
        }
        if Self.provesAuthentication(response.statusCode) {
            if credential.isRefreshable, lastTokenRefusal.withLock({ $0 != nil }) {
                lastTokenRefusal.withLock { $0 = nil }
            }
            coordinator.accepted(credential)
        }
        if (200...299).contains(response.statusCode), let date = response.date {
            coordinator.noteServerDate(date)
        }
    }

    /// Whether a response shows that January authenticated the token: a 2xx, or a 4xx other than 401
    /// (rejected), 407 (a proxy's), 408 and 429 (answered before or without authentication). A 5xx, a 3xx or a
    /// rate limit proves nothing, so it neither ends a streak of rejected tokens nor closes the breaker.
    static func provesAuthentication(_ status: Int) -> Bool {
        switch status {
        case 200...299: true
        case 401, 407, 408, 429: false
        case 400...499: true
        default: false
        }
    }

    /// The error for a token rejection the client will not fix by replaying.
    private func rejection(
        _ response: HTTPTransportResponse,
        body: JanuaryErrorBody,
        credential: Credential,
        prepared: PreparedRequest,
        hasReplayed: Bool
    ) -> JanuaryError {
        let mapped = JanuaryErrorMapping.error(for: response, body: body, now: configuration.clock.now())
        let reason: String
        if !credential.isRefreshable {
            reason =
                "January rejected the development API key. A key cannot be refreshed, so the request was not "
                + "sent again; check the key in the January dashboard."
        } else if body.code == JanuaryError.Code.tokenRevoked {
            reason =
                "January revoked the token; a new one will not be accepted until the user signs in to your backend "
                + "again. The request was not sent again."
        } else if body.code == JanuaryError.Code.tokenInvalid {
            reason =
                "January does not know the token (never issued, or purged after it expired); the user must sign in "
                + "to your backend again. The request was not sent again."
        } else if hasReplayed {
            reason =
                "January rejected a freshly refreshed token too; the request was sent again once and will not be "
                + "sent again. Check what your token endpoint returns."
        } else {
            reason =
                "January rejected the token. The request was not sent again because "
                + (prepared.transportRequest.body.isReplayable
                    ? "it is marked as not replayable." : "its body is a one-shot stream.")
        }
        return mapped.with(message: JanuaryError.sentences(reason, "January: " + mapped.message))
    }

    /// Marks a failure whose outcome is unknown for a request the client does not send twice (a create, or a
    /// request that is not idempotent or not replayable): no answer, an unreadable one, or a `5xx`. Its message
    /// says so and how to check, and ``/JanuaryCore/JanuaryError/mayHaveTakenEffect`` is `true`.
    static func annotated(_ failure: JanuaryError, prepared: PreparedRequest) -> JanuaryError {
        let isOutcomeUnknown =
            failure.statusCode.map { $0 >= 500 } ?? (failure.category == .network || failure.category == .timeout)
        guard !prepared.isIdempotent || !prepared.isReplayable, isOutcomeUnknown else {
            return failure
        }
        return failure.withOutcomeUnknown(
            note: "This \(prepared.transportRequest.method) was not sent again: it may or may not have taken effect "
                + "at January, which does not deduplicate writes. Check (for a log, with list or get) before sending "
                + "it again."
        )
    }
}

extension JanuaryEvent.Kind {
    /// The client sent a request again, once, with a refreshed token after January rejected the first one.
    public static let requestRetried = JanuaryEvent.Kind("requestRetried")

    /// January refused the token as revoked (``JanuaryEvent/code`` `token_revoked`) or unknown
    /// (`token_invalid`). The SDK dropped it without asking your provider and did not send the request again:
    /// the user must sign in to your backend again, and the next request asks your provider for a new token.
    public static let tokenRevokedOrUnknown = JanuaryEvent.Kind("tokenRevokedOrUnknown")

    /// The client will send a request again after a rate limit or a transient failure, once
    /// ``JanuaryEvent/retryAfter`` seconds have passed.
    public static let retryScheduled = JanuaryEvent.Kind("retryScheduled")
}
