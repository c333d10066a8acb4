import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTransport

// The path of one request, in the order it is taken (Docs/Architecture.md): a typed operation or a raw request is
// prepared into one checked request, the exchange's driver runs `RequestExchange`'s decisions, and the transport
// sends.
//
// The one way every typed operation reaches January, so that the resources hold no transport logic of their own:
// they validate, have their `JanuaryOperation` make the request (its method, path and replay class), and hand it
// here.
extension JanuaryPartnerClient {
    /// Sends a typed operation's request, already checked by the resource, and decodes its JSON answer.
    ///
    /// - Parameters:
    ///   - request: The request, made by its ``JanuaryOperation``.
    ///   - type: The model the answer decodes into.
    /// - Returns: The decoded answer.
    /// - Throws: What ``send(_:decoding:decoder:)`` throws.
    @inline(__always)
    func perform<Value: Decodable>(_ request: JanuaryRequest, returning type: Value.Type) async throws -> Value {
        try await perform(prepare(actingFor: request.partnerUserID) { request }, returning: type, record: nil)
    }

    /// Sends a typed operation's request and decodes its JSON answer with the SDK's own decoder, which no
    /// partner setting can change.
    ///
    /// - Parameters:
    ///   - user: The user the operation acts for, if any: the one source of the user header, so `build` leaves the
    ///     request's own ``JanuaryRequest/partnerUserID`` unset. It is checked before `build` runs, so that an
    ///     unusable user ID is the error reported, whatever else is wrong.
    ///   - type: The model the answer decodes into.
    ///   - record: For one request of a write settled over several, where its sends are noted and whose session
    ///     it is sent in.
    ///   - build: Checks the operation's own input and has its ``JanuaryOperation`` make the request.
    /// - Returns: The decoded answer.
    /// - Throws: What ``send(_:decoding:decoder:)`` throws.
    @inline(__always)
    func perform<Value: Decodable>(
        actingFor user: PartnerUserID?,
        returning type: Value.Type,
        record: SendRecord? = nil,
        _ build: () throws -> JanuaryRequest
    ) async throws -> Value {
        try await perform(prepare(actingFor: user, build), returning: type, record: record)
    }

    /// Sends a prepared request and decodes its JSON answer: the asynchronous part of
    /// ``perform(actingFor:returning:record:_:)``.
    ///
    /// One generic copy serves every operation. Specialised per operation and its `build` closure, the function
    /// and its asynchronous parts were 117 copies, 10.8 KB of an app (Docs/Benchmarks.md, "Size in an app"); its
    /// closure-taking caller is inlined instead, leaving only the synchronous ``prepare(actingFor:_:)`` call at
    /// each operation.
    @_semantics("optimize.sil.specialize.generic.never")
    private func perform<Value: Decodable>(
        _ prepared: CheckedHTTPRequest,
        returning type: Value.Type,
        record: SendRecord?
    ) async throws -> Value {
        try Self.decode(
            type,
            from: JanuaryResponse(try await exchange(prepared, record: record)),
            decoder: JanuaryJSON.makeDecoder(),
            replay: prepared.replay
        )
    }

    /// Sends a typed operation's request whose answer has no content, such as a `204` to a delete.
    ///
    /// - Parameters:
    ///   - user: The user the operation acts for, checked before `build` runs.
    ///   - record: For one request of a write settled over several, where its sends are noted and whose session
    ///     it is sent in.
    ///   - build: Checks the operation's own input and has its ``JanuaryOperation`` make the request.
    /// - Throws: What ``send(_:)`` throws.
    @inline(__always)
    func perform(
        actingFor user: PartnerUserID?,
        record: SendRecord? = nil,
        _ build: () throws -> JanuaryRequest
    ) async throws {
        _ = try await exchange(prepare(actingFor: user, build), record: record)
    }
}

extension JanuaryPartnerClient {
    /// Header fields the client owns: a partner value for them would be overwritten, break framing, or
    /// impersonate the SDK.
    private static let reservedHeaderNames: Set<String> = Set(
        (JanuaryHTTPHeaderFields.credentialFieldNames + [
            partnerUserIDHeaderName, "x-end-user-id", "User-Agent", "Host", "Content-Length", "Transfer-Encoding",
            "Connection",
        ]).map { $0.lowercased() }
    )

    /// Checks everything that can be checked before a byte is sent, so that a refused request costs no
    /// token and reaches no server.
    func prepare(_ request: JanuaryRequest) throws -> CheckedHTTPRequest {
        try prepare(actingFor: request.partnerUserID) { request }
    }

    /// Checks the user an operation acts for, then has `build` check the operation's own input and make its
    /// request, then checks the request.
    ///
    /// This is the one place a ``PartnerUserID`` is validated. It comes first so that an unusable user ID, a
    /// mistake in the app's setup rather than in one call's input, is the error reported whatever else is wrong.
    func prepare(actingFor user: PartnerUserID?, _ build: () throws -> JanuaryRequest) throws -> CheckedHTTPRequest {
        try user?.validate()
        return try check(build(), actingFor: user)
    }

    /// Checks a built request and makes it the transport's: ``prepare(actingFor:_:)``'s work after `build`.
    ///
    /// Apart from the closure-taking `prepare` and never inlined, so that the compiler's copy of `prepare` for each
    /// operation's `build` closure stays a few instructions long instead of repeating this body (it was five copies,
    /// 14 KB, in the iOS object).
    @inline(never)
    private func check(_ request: JanuaryRequest, actingFor user: PartnerUserID?) throws -> CheckedHTTPRequest {
        if let last = lastPrepared.withLock({ $0 }), last.matches(request, user: user) {
            return last.prepared
        }
        let prepared = try checkAnew(request, actingFor: user)
        if let kept = LastPreparedRequest(request, user: user, prepared: prepared) {
            lastPrepared.withLock { $0 = kept }
        }
        return prepared
    }

    /// ``check(_:actingFor:)``'s work for a request that is not the last one checked.
    private func checkAnew(_ request: JanuaryRequest, actingFor user: PartnerUserID?) throws -> CheckedHTTPRequest {
        var headers = JanuaryHTTPHeaderFields()
        for (name, value) in Array(request.headers).sortedByIndex(by: { $0.key < $1.key }) {
            guard !Self.reservedHeaderNames.contains(name.lowercased()) else {
                throw JanuaryError.invalidInput(
                    "The header field \(name) is set by the client and cannot be overridden."
                )
            }
            headers.append(value, for: name)
        }
        if let user {
            headers[Self.partnerUserIDHeaderName] = user.rawValue
        }
        if !headers.contains("Accept") {
            headers["Accept"] = "application/json"
        }
        headers["User-Agent"] = UserAgent.current
        let body: JanuaryHTTPRequest.Body
        switch request.body.storage {
        case .empty:
            body = .empty
        case .data(let data, let contentType):
            body = .data(data)
            if let contentType, !headers.contains("Content-Type") {
                headers["Content-Type"] = contentType
            }
        case .stream(let stream, let contentType):
            guard !stream.isSpentStream else {
                throw JanuaryError.invalidInput("The request's one-shot stream body was already sent.")
            }
            body = stream
            if let contentType, !headers.contains("Content-Type") {
                headers["Content-Type"] = contentType
            }
        }
        if let timeout = request.timeout {
            try Configuration.validateTimeout(timeout, named: "The request's timeout")
        }
        let path = try request.encodedPath ?? RequestPath(request.path)
        if path.isServerOnly(under: baseURLPathSegments) {
            throw JanuaryError.invalidInput(
                "\(request.path) is one of January's server-only endpoints (token issuance and revocation, "
                    + "credits). They are for your backend, which holds the API key; an API key must never "
                    + "enter the app.",
                code: JanuaryError.Code.serverOnlyEndpoint
            )
        }
        let transportRequest = JanuaryHTTPRequest(
            method: request.method,
            url: try url(for: path, queryItems: request.queryItems),
            headerFields: headers,
            body: body,
            timeout: request.timeout ?? configuration.requestTimeout
        )
        // The transport's own rules (token method and field names, no CR/LF in values, no body on GET), checked
        // once, here, so that a request they refuse is refused before a token is fetched for it. The URL needs no
        // second look: it is the validated base URL followed by a checked path. The replay class goes with it as
        // the request stated it.
        return try CheckedHTTPRequest(checking: transportRequest, replay: request.replay)
    }

    /// The request URL: the base URL's text, the encoded path, and the encoded query. The path is checked to start
    /// with `/` and to hold only path characters and escapes, so the result stays on the base URL's origin.
    private func url(for path: RequestPath, queryItems: [URLQueryItem]) throws -> URL {
        var text = baseURLPrefix + path.percentEncoded
        if !queryItems.isEmpty {
            text += "?" + PercentEncoding.query(queryItems.map { ($0.name, $0.value) })
        }
        guard let url = URL(string: text) else {
            throw JanuaryError.invalidInput("The request path does not make a valid URL on the base URL.")
        }
        return url
    }
}

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
    ///   ``Configuration/retryPolicy`` says: after `429 rate_limited` unless its ``JanuaryRequest/replay`` is
    ///   `never`, after `5xx` or a transport failure only when it is `safe`, waiting `Retry-After` or a growing
    ///   delay. A `5xx` or no answer to any other request fails with
    ///   ``/JanuaryCore/JanuaryError/mayHaveTakenEffect``.
    ///
    /// Cancelling the calling task cancels the HTTP request and any wait, and throws `CancellationError`. A wait
    /// runs on ``Configuration/clock``: in a test whose `ManualClock` nothing advances, the clock's stall error
    /// ends the request and is thrown as it is.
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
    /// to the token cache (``TokenCoordinator/credential(inEpoch:)``, ``TokenCoordinator/report(_:)``,
    /// ``TokenCoordinator/replacement(forExpired:)`` and ``TokenCoordinator/waitBeforeRetry(_:purpose:inEpoch:)``),
    /// January's clock (``JanuaryServerClock/note(_:)``), the transport, the clock and the event handler.
    ///
    /// - Parameters:
    ///   - prepared: The request.
    ///   - record: For one request of a write settled over several: where each send is noted, and whose session
    ///     the request is sent in (a sign-out since the write's first send fails it with `signed_out`).
    /// - Returns: January's successful response.
    /// - Throws: What ``send(_:)`` throws.
    func exchange(_ prepared: CheckedHTTPRequest, record: SendRecord? = nil) async throws -> JanuaryHTTPResponse {
        var machine = RequestExchange(
            rules: RequestExchange.Rules(
                replay: prepared.replay,
                bodyIsReplayable: prepared.request.body.isReplayable,
                method: prepared.request.method.rawValue,
                policy: configuration.retryPolicy
            ),
            session: record?.session
        )
        var transition = machine.start()
        while true {
            for effect in transition.effects {
                run(effect)
            }
            switch transition.step {
            case .fetchCredential(let epoch):
                do {
                    transition = machine.credentialArrived(try await coordinator.credential(inEpoch: epoch))
                } catch let error as JanuaryError {
                    transition = machine.credentialFailed(error)
                }
            case .send(let credential):
                record?.noteSend(session: credential.epoch, atUptime: configuration.clock.uptime())
                do {
                    let response = try await prepared.send(with: credential, over: transport)
                    transition = machine.responded(
                        response, now: configuration.clock.now(), jitter: Double.random(in: 0...1))
                } catch let error as JanuaryError where error.category == .network || error.category == .timeout {
                    transition = machine.transportFailed(error, jitter: Double.random(in: 0...1))
                }
            case .refresh(let rejected):
                do {
                    transition = machine.refreshed(try await coordinator.replacement(forExpired: rejected))
                } catch let error as JanuaryError {
                    transition = machine.refreshFailed(error)
                }
            case .wait(let seconds, let epoch):
                try await coordinator.waitBeforeRetry(
                    seconds,
                    purpose: Self.retryWaitPurpose(of: prepared.request, scheduledBy: transition.effects),
                    inEpoch: epoch
                )
                transition = machine.waitEnded()
            case .succeed(let response):
                return response
            case .fail(let error):
                throw error
            }
        }
    }

    /// Names a retry wait for a test clock's stall message, from the `retryScheduled` event of the transition
    /// that asked for it: which retry of which request, after what. Method and path only: a query may hold what
    /// the user typed, and no header is named.
    static func retryWaitPurpose(of request: JanuaryHTTPRequest, scheduledBy effects: [RequestExchange.Effect])
        -> String
    {
        let scheduled = effects.lazy.compactMap { effect -> RequestExchange.Event? in
            guard case .emit(let event) = effect, event.kind == .retryScheduled else {
                return nil
            }
            return event
        }.first
        let retry = scheduled?.attempt.map { "retry \($0)" } ?? "a retry"
        let cause = scheduled?.statusCode.map { "January's HTTP \($0)" } ?? "a transport failure (no answer)"
        return "the wait before \(retry) of \(request.method.rawValue) \(request.url.path), after \(cause)"
    }

    /// Runs one of the exchange's immediate effects, none of which suspends or throws.
    private func run(_ effect: RequestExchange.Effect) {
        switch effect {
        case .report(let report):
            coordinator.report(report)
        case .noteJanuarysTime(let seconds):
            januarysClock.note(Date(timeIntervalSinceReferenceDate: seconds))
        case .emit(let event):
            emit(event.at)
        }
    }

    /// Sends an event of the client's own to ``Configuration/onEvent``, through the delivery the token cache
    /// shares, so that the callback sees every event one at a time and in order: the one way the client emits.
    ///
    /// - Parameter makeEvent: Builds the event from the client clock's current time; neither runs without a
    ///   handler.
    func emit(_ makeEvent: (Date) -> JanuaryEvent) {
        guard let events else {
            return
        }
        events.deliver(makeEvent(configuration.clock.now()))
    }

    /// Sends an event of `kind` whose ``/JanuaryAuth/JanuaryEvent/attempt`` is `attempt`, through ``emit(_:)``: the
    /// events that carry only a count (the outbox's unreadable records, a settled create's sends) share this one
    /// copy of it, where each closure had a copy of its own (Docs/Benchmarks.md, "Size in an app").
    ///
    /// - Parameters:
    ///   - kind: The event's kind.
    ///   - attempt: The count it carries, not negative.
    func emit(_ kind: JanuaryEvent.Kind, attempt: Int) {
        emit { JanuaryEvent(kind: kind, date: $0, attempt: UInt64(attempt)) }
    }
}

extension CheckedHTTPRequest {
    /// Sends the request with `credential` over `transport`.
    func send(with credential: Credential, over transport: any CheckedHTTPTransport) async throws -> JanuaryHTTPResponse
    {
        try await transport.send(authorized(bearer: credential.value))
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
