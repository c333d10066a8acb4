import Foundation
import JanuaryTransport
import Testing

@testable import JanuaryPartnerSDK

/// Every rule of Docs/Errors.md and Docs/Authentication.md for one request, on the exchange's state machine
/// alone: no transport, no clock, no token cache. Each case feeds the machine what the world answers and checks
/// the whole trace of what it decides: the effects it asks for and the steps it takes, in order.
@Suite("The request exchange's rules", suiteTimeLimit())
struct RequestExchangeTests {
    /// What the world answers the machine's step.
    enum Input: CustomStringConvertible, Sendable {
        case credential(generation: UInt64, refreshable: Bool = true)
        case credentialError(JanuaryError)
        case response(Int, code: String? = nil, headers: JanuaryHTTPHeaderFields = [:], withdrawn: Bool = false)
        case transportFailure(JanuaryError.Category)
        case refreshed(generation: UInt64)
        case refreshError(JanuaryError)
        case waitEnded

        var description: String {
            switch self {
            case .credential(let generation, _): "credential g\(generation)"
            case .credentialError(let error): "credential error \(error.code?.rawValue ?? "-")"
            case .response(let status, let code, _, _): "\(status) \(code ?? "")"
            case .transportFailure(let category): "no answer (\(category))"
            case .refreshed(let generation): "refreshed g\(generation)"
            case .refreshError(let error): "refresh error \(error.code?.rawValue ?? "-")"
            case .waitEnded: "wait over"
            }
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var method: String = "GET"
        var replay = JanuaryReplayClass.safe
        var session: UInt64?
        var policy = JanuaryRetryPolicy.default
        var inputs: [Input]
        var trace: [String]

        var testDescription: String { name }
    }

    static let epoch: UInt64 = 7
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let provider = JanuaryError(category: .tokenProvider, code: "partner_backend_failed", message: "down")
    static let signedOut = JanuaryError(category: .cancelled, code: JanuaryError.Code.signedOut, message: "out")

    static let cases: [Case] = [
        Case(
            name: "a success acknowledges the token and January's clock",
            inputs: [.credential(generation: 1), .response(200, headers: ["Date": "Fri, 15 Jan 2027 08:00:00 GMT"])],
            trace: ["fetch(any)", "send(g1)", "accepted(g1)", "dated", "succeed(200)"]
        ),
        Case(
            name: "an expired token is refreshed and the request replayed once",
            inputs: [
                .credential(generation: 1), .response(401, code: "token_expired"), .refreshed(generation: 2),
                .response(200),
            ],
            trace: [
                "fetch(any)", "send(g1)", "refresh(g1)", "emit(requestRetried g2)", "send(g2)",
                "accepted(g2)", "succeed(200)",
            ]
        ),
        Case(
            name: "the bare invalid_token challenge means expired",
            inputs: [
                .credential(generation: 1),
                .response(401, headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#]),
                .refreshed(generation: 2), .response(200),
            ],
            trace: [
                "fetch(any)", "send(g1)", "refresh(g1)", "emit(requestRetried g2)", "send(g2)",
                "accepted(g2)", "succeed(200)",
            ]
        ),
        Case(
            name: "a refreshed token rejected again is not replayed a second time",
            inputs: [
                .credential(generation: 1), .response(401, code: "token_expired"), .refreshed(generation: 2),
                .response(401, code: "token_expired"),
            ],
            trace: [
                "fetch(any)", "send(g1)", "refresh(g1)", "emit(requestRetried g2)", "send(g2)", "refused(g2)",
                "fail(authentication token_expired)",
            ]
        ),
        Case(
            name: "the one replay after a refresh stays spent across a retry's wait",
            inputs: [
                .credential(generation: 1), .response(401, code: "token_expired"), .refreshed(generation: 2),
                .response(429, code: "rate_limited", headers: ["Retry-After": "1"]), .waitEnded,
                .credential(generation: 2), .response(401, code: "token_expired"),
            ],
            trace: [
                "fetch(any)", "send(g1)", "refresh(g1)", "emit(requestRetried g2)", "send(g2)",
                "emit(retryScheduled #1 1.0s 429 rate_limited)", "wait(1.0 e7)", "fetch(e7)", "send(g2)",
                "refused(g2)", "fail(authentication token_expired)",
            ]
        ),
        Case(
            name: "a pinned request asks for its session's credential from the start",
            session: 7,
            inputs: [.credential(generation: 1), .response(200)],
            trace: ["fetch(e7)", "send(g1)", "accepted(g1)", "succeed(200)"]
        ),
        Case(
            name: "a revoked token is surfaced, dropped and remembered, never refreshed",
            inputs: [.credential(generation: 1), .response(401, code: "token_revoked")],
            trace: [
                "fetch(any)", "send(g1)", "refused(g1 because token_revoked)",
                "emit(tokenRevokedOrUnknown g1 401 token_revoked)", "fail(authentication token_revoked)",
            ]
        ),
        Case(
            name: "an unknown token is surfaced like a revoked one",
            inputs: [
                .credential(generation: 1),
                .response(
                    401, headers: ["WWW-Authenticate": #"Bearer error="invalid_token", error_description="unknown""#]),
            ],
            trace: [
                "fetch(any)", "send(g1)", "refused(g1 because token_invalid)",
                "emit(tokenRevokedOrUnknown g1 401 token_invalid)", "fail(authentication token_invalid)",
            ]
        ),
        Case(
            name: "an expired token on a request that may not be replayed is surfaced",
            method: "POST", replay: .never,
            inputs: [.credential(generation: 1), .response(401, code: "token_expired")],
            trace: ["fetch(any)", "send(g1)", "refused(g1)", "fail(authentication token_expired)"]
        ),
        Case(
            name: "January's other 401 codes decide, whatever the challenge says: no refresh, no refusal",
            inputs: [
                .credential(generation: 1),
                .response(401, code: "unauthorized", headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#]),
            ],
            trace: ["fetch(any)", "send(g1)", "fail(authentication unauthorized)"]
        ),
        Case(
            name: "a development key is never refreshed and nothing is remembered",
            inputs: [.credential(generation: 0, refreshable: false), .response(401, code: "token_expired")],
            trace: ["fetch(any)", "send(g0)", "refused(g0)", "fail(authentication token_expired)"]
        ),
        Case(
            name: "a 401 from a hop the token never reached is not a token rejection",
            inputs: [.credential(generation: 1), .response(401, code: "token_expired", withdrawn: true)],
            trace: ["fetch(any)", "send(g1)", "fail(authentication token_expired)"]
        ),
        Case(
            name: "a 5xx on an idempotent request waits its back-off and retries in the same session",
            inputs: [
                .credential(generation: 1), .response(503), .waitEnded, .credential(generation: 1), .response(200),
            ],
            trace: [
                "fetch(any)", "send(g1)", "emit(retryScheduled #1 0.375s 503)", "wait(0.375 e7)", "fetch(e7)",
                "send(g1)", "accepted(g1)", "succeed(200)",
            ]
        ),
        Case(
            name: "a 5xx on a create is not sent again and may have taken effect",
            method: "POST", replay: .onceOnly,
            inputs: [.credential(generation: 1), .response(503)],
            trace: ["fetch(any)", "send(g1)", "fail(server - mayHaveTakenEffect)"]
        ),
        Case(
            name: "no answer to a create is not sent again and may have taken effect",
            method: "POST", replay: .onceOnly,
            inputs: [.credential(generation: 1), .transportFailure(.timeout)],
            trace: ["fetch(any)", "send(g1)", "fail(timeout lost mayHaveTakenEffect)"]
        ),
        Case(
            name: "no answer to an idempotent request is retried",
            inputs: [
                .credential(generation: 1), .transportFailure(.network), .waitEnded, .credential(generation: 1),
                .response(200),
            ],
            trace: [
                "fetch(any)", "send(g1)", "emit(retryScheduled #1 0.375s lost)", "wait(0.375 e7)", "fetch(e7)",
                "send(g1)", "accepted(g1)", "succeed(200)",
            ]
        ),
        Case(
            name: "a rate limit is retried on any method after its Retry-After",
            method: "POST", replay: .onceOnly,
            inputs: [
                .credential(generation: 1), .response(429, code: "rate_limited", headers: ["Retry-After": "2"]),
                .waitEnded, .credential(generation: 1), .response(201),
            ],
            trace: [
                "fetch(any)", "send(g1)", "emit(retryScheduled #1 2.0s 429 rate_limited)", "wait(2.0 e7)",
                "fetch(e7)", "send(g1)", "accepted(g1)", "succeed(201)",
            ]
        ),
        Case(
            name: "a Retry-After longer than the policy allows fails at once",
            inputs: [.credential(generation: 1), .response(429, code: "rate_limited", headers: ["Retry-After": "61"])],
            trace: ["fetch(any)", "send(g1)", "fail(rateLimited rate_limited)"]
        ),
        Case(
            name: "a credit limit is never retried",
            inputs: [.credential(generation: 1), .response(429, code: "credit_limit_exceeded")],
            trace: ["fetch(any)", "send(g1)", "fail(rateLimited credit_limit_exceeded)"]
        ),
        Case(
            name: "retries stop at the policy's count",
            policy: JanuaryRetryPolicy(maximumRetries: 1),
            inputs: [
                .credential(generation: 1), .response(500), .waitEnded, .credential(generation: 1), .response(502),
            ],
            trace: [
                "fetch(any)", "send(g1)", "emit(retryScheduled #1 0.375s 500)", "wait(0.375 e7)", "fetch(e7)",
                "send(g1)", "fail(server -)",
            ]
        ),
        Case(
            name: "a sign-out during the wait ends the request as signed out",
            inputs: [.credential(generation: 1), .response(503), .waitEnded, .credentialError(signedOut)],
            trace: [
                "fetch(any)", "send(g1)", "emit(retryScheduled #1 0.375s 503)", "wait(0.375 e7)", "fetch(e7)",
                "fail(cancelled signed_out)",
            ]
        ),
        Case(
            name: "a 4xx proves the token good and is not retried",
            inputs: [.credential(generation: 1), .response(404, code: "not_found")],
            trace: ["fetch(any)", "send(g1)", "accepted(g1)", "fail(notFound not_found)"]
        ),
        Case(
            name: "a credential that fails is reported as the token cache explains it",
            inputs: [.credentialError(provider)],
            trace: ["fetch(any)", "fail(tokenProvider partner_backend_failed)"]
        ),
        Case(
            name: "a failed refresh carries January's rejection as its cause",
            inputs: [.credential(generation: 1), .response(401, code: "token_expired"), .refreshError(provider)],
            trace: [
                "fetch(any)", "send(g1)", "refresh(g1)",
                "fail(tokenProvider partner_backend_failed caused by token_expired)",
            ]
        ),
        Case(
            name: "a sign-out during the refresh is reported as it is",
            inputs: [.credential(generation: 1), .response(401, code: "token_expired"), .refreshError(signedOut)],
            trace: ["fetch(any)", "send(g1)", "refresh(g1)", "fail(cancelled signed_out)"]
        ),
    ]

    @Test(arguments: cases)
    func theTrace(_ test: Case) throws {
        var machine = RequestExchange(
            rules: RequestExchange.Rules(
                replay: test.replay,
                bodyIsReplayable: true,
                method: test.method,
                policy: test.policy
            ),
            session: test.session
        )
        var trace: [String] = []
        var transition = machine.start()
        var inputs = test.inputs[...]
        while true {
            trace += transition.effects.map(Self.describe)
            trace.append(Self.describe(transition.step))
            switch transition.step {
            case .succeed, .fail:
                #expect(inputs.isEmpty, "inputs left over: \(inputs)")
                #expect(trace == test.trace)
                return
            default:
                break
            }
            let next = inputs.popFirst()
            let input = try #require(next, "the machine asked for more after \(trace)")
            transition = try Self.feed(input, to: &machine, after: transition.step)
        }
    }

    /// A 503 or no answer to a create is marked as perhaps done, with a note saying to check before sending again.
    @Test func anUnknownOutcomeSaysWhatToCheck() {
        var machine = RequestExchange(
            rules: .init(replay: .onceOnly, bodyIsReplayable: true, method: "POST", policy: .default)
        )
        _ = machine.start()
        _ = machine.credentialArrived(Self.credential(1))
        let transition = machine.responded(.init(statusCode: 500), now: Self.now, jitter: 0)
        guard case .fail(let error) = transition.step else {
            Issue.record("a 500 on a create must fail")
            return
        }
        #expect(error.mayHaveTakenEffect)
        #expect(error.message.contains("This POST was not sent again: it may or may not have taken effect"))
    }

    /// The jitter is read from the system's random source by the driver, a system call on Linux; a success, a
    /// token rejection and a refusal that is not retried do not draw it, a failure the policy judges does.
    @Test(
        "only a failure the retry policy judges draws jitter",
        arguments: [
            (200, nil, false), (204, nil, false), (401, "token_revoked", false), (401, "token_expired", false),
            (404, "not_found", true), (503, nil, true),
        ] as [(Int, String?, Bool)]
    )
    func jitterIsDrawnOnlyForAFailure(status: Int, code: String?, drawn: Bool) {
        var machine = RequestExchange(
            rules: .init(replay: .safe, bodyIsReplayable: true, method: "GET", policy: .default)
        )
        _ = machine.start()
        _ = machine.credentialArrived(Self.credential(1))
        let body = code.map { Data(#"{"code":"\#($0)","message":"January says no."}"#.utf8) } ?? Data()
        let headers: JanuaryHTTPHeaderFields = code == nil ? [:] : ["Content-Type": "application/json"]
        var draws = 0
        _ = machine.responded(
            JanuaryHTTPResponse(statusCode: status, headerFields: headers, body: body),
            now: Self.now,
            jitter: {
                draws += 1
                return 0.5
            }()
        )
        #expect(draws == (drawn ? 1 : 0))
    }

    static func credential(_ generation: UInt64, refreshable: Bool = true) -> Credential {
        Credential(
            value: "token-\(generation)",
            generation: generation,
            epoch: epoch,
            isRefreshable: refreshable,
            expiresAt: nil
        )
    }

    static func feed(
        _ input: Input,
        to machine: inout RequestExchange,
        after step: RequestExchange.Step
    ) throws -> RequestExchange.Transition {
        switch (input, step) {
        case (.credential(let generation, let refreshable), .fetchCredential):
            return machine.credentialArrived(credential(generation, refreshable: refreshable))
        case (.credentialError(let error), .fetchCredential):
            return machine.credentialFailed(error)
        case (.response(let status, let code, var headers, let withdrawn), .send):
            let body = code.map { Data(#"{"code":"\#($0)","message":"January says no."}"#.utf8) } ?? Data()
            if code != nil {
                headers["Content-Type"] = "application/json"
            }
            let response = JanuaryHTTPResponse(
                statusCode: status,
                headerFields: headers,
                body: body,
                credentialWithdrawnByRedirect: withdrawn
            )
            return machine.responded(response, now: now, jitter: 0)
        case (.transportFailure(let category), .send):
            let failure = JanuaryError(category: category, code: "lost", message: "No answer.")
            return machine.transportFailed(failure, jitter: 0)
        case (.refreshed(let generation), .refresh):
            return machine.refreshed(credential(generation))
        case (.refreshError(let error), .refresh):
            return machine.refreshFailed(error)
        case (.waitEnded, .wait):
            return machine.waitEnded()
        default:
            throw ScriptError(description: "\(input) cannot answer \(describe(step))")
        }
    }

    struct ScriptError: Error, CustomStringConvertible {
        var description: String
    }

    static func describe(_ effect: RequestExchange.Effect) -> String {
        switch effect {
        case .report(.accepted(let credential)):
            "accepted(g\(credential.generation))"
        case .noteJanuarysTime:
            "dated"
        case .report(.refused(let credential, let reason)):
            "refused(g\(credential.generation)\(reason.map { " because \($0.code?.rawValue ?? "-")" } ?? ""))"
        case .emit(let event):
            "emit("
                + [
                    event.kind.rawValue, event.attempt.map { "#\($0)" }, event.generation.map { "g\($0)" },
                    event.retryAfter.map { "\($0)s" }, event.statusCode.map(String.init),
                    event.code,
                ].compactMap { $0 }.joined(separator: " ") + ")"
        }
    }

    static func describe(_ step: RequestExchange.Step) -> String {
        switch step {
        case .fetchCredential(let epoch): "fetch(\(epoch.map { "e\($0)" } ?? "any"))"
        case .send(let credential): "send(g\(credential.generation))"
        case .refresh(let credential): "refresh(g\(credential.generation))"
        case .wait(let seconds, let epoch): "wait(\(seconds) e\(epoch))"
        case .succeed(let response): "succeed(\(response.statusCode))"
        case .fail(let error):
            "fail("
                + [
                    "\(error.category)", error.code?.rawValue ?? "-",
                    error.mayHaveTakenEffect ? "mayHaveTakenEffect" : nil,
                    (error.underlyingError as? JanuaryError).map { "caused by \($0.code?.rawValue ?? "-")" },
                ].compactMap { $0 }.joined(separator: " ") + ")"
        }
    }
}
