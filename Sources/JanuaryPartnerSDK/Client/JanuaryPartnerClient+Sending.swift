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
    ///
    /// Every decision is ``RequestExchange``'s; this runs its effects and steps: the one place an exchange talks
    /// to the token cache (two calls: ``TokenCoordinator/credential(inEpoch:)`` and
    /// ``TokenCoordinator/report(_:)``), the transport, the clock and the event handler.
    func exchange(_ prepared: CheckedHTTPRequest) async throws -> JanuaryHTTPResponse {
        var machine = RequestExchange(
            rules: RequestExchange.Rules(
                replay: prepared.replay,
                bodyIsReplayable: prepared.request.body.isReplayable,
                method: "\(prepared.request.method)",
                policy: configuration.retryPolicy
            )
        )
        var transition = machine.start()
        while true {
            for effect in transition.effects {
                try await perform(effect)
            }
            switch transition.step {
            case .fetchCredential(let epoch):
                do {
                    transition = machine.credentialArrived(try await coordinator.credential(inEpoch: epoch))
                } catch let error as JanuaryError {
                    transition = machine.credentialFailed(error, lastRefusal: lastTokenRefusal.withLock { $0 })
                }
            case .send(let credential):
                do {
                    let response = try await prepared.send(with: credential, over: transport)
                    transition = machine.responded(
                        response,
                        to: credential,
                        now: configuration.clock.now(),
                        jitter: Double.random(in: 0...1)
                    )
                } catch let error as JanuaryError where error.category == .network || error.category == .timeout {
                    transition = machine.transportFailed(error, to: credential, jitter: Double.random(in: 0...1))
                }
            case .refresh(let rejected):
                do {
                    // An expired credential's report always returns its replacement or throws.
                    guard let replacement = try await coordinator.report(.expired(rejected)) else {
                        preconditionFailure("TokenCoordinator.report(.expired) returned no replacement")
                    }
                    transition = machine.refreshed(replacement)
                } catch let error as JanuaryError {
                    transition = machine.refreshFailed(error)
                }
            case .wait(let seconds, let epoch):
                try await retryWaits.wait(seconds, on: configuration.clock, epoch: epoch, of: coordinator)
                transition = machine.waitEnded()
            case .succeed(let response):
                return response
            case .fail(let error):
                throw error
            }
        }
    }

    /// Runs one of the exchange's immediate effects. A report of an accepted or refused credential never
    /// suspends or throws.
    private func perform(_ effect: RequestExchange.Effect) async throws {
        switch effect {
        case .report(let report):
            _ = try await coordinator.report(report)
        case .recordRefusal(let error):
            lastTokenRefusal.withLock { $0 = error }
        case .forgetRefusal:
            if lastTokenRefusal.withLock({ $0 != nil }) {
                lastTokenRefusal.withLock { $0 = nil }
            }
        case .emit(let event):
            emit(event.at(configuration.clock.now()))
        }
    }

    /// Sends an event of the client's own to ``Configuration/onEvent``, through the delivery the token cache
    /// shares, so that the callback sees every event one at a time and in order: the one way the client emits.
    func emit(_ event: JanuaryEvent) {
        events?.deliver(event)
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
