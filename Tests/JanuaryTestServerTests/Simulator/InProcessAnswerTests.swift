import Foundation
import JanuaryCoreTesting
import Testing

@testable import JanuaryTestServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The simulator's in-process entry point: the same engine as the loopback server, answering without a socket,
/// and the scripted delays and transport errors that only the in-process path can tell apart from a close.
@Suite("The simulator's answers in process", suiteTimeLimit())
struct InProcessAnswerTests {
    static func get(_ simulator: JanuaryAPISimulator, _ target: String = "/v1.2/credits") -> SimulatorAnswer {
        simulator.answer(
            method: "GET",
            target: target,
            headerFields: [HeaderField(name: "Authorization", value: "Bearer \(SimulatorHarness.apiKey)")],
            body: Data()
        )
    }

    static func inProcess() -> JanuaryAPISimulator {
        let simulator = JanuaryAPISimulator.inProcess(now: { SimulatorHarness.start })
        simulator.registerDevelopmentKey(SimulatorHarness.apiKey)
        return simulator
    }

    @Test("an in-process simulator opens no socket until its server is asked for, then serves on the same engine")
    func noSocketUntilAsked() async throws {
        let simulator = Self.inProcess()
        guard case .respond(let first) = Self.get(simulator) else {
            Issue.record("expected a response")
            return
        }
        #expect(first.status == 200)
        #expect(first.headerFields.contains(HeaderField(name: "Date", value: "Tue, 10 Mar 2026 15:00:00 GMT")))
        #expect(simulator.loopback.withLock { $0 == nil })

        let url = simulator.baseURL.appendingPathComponent("v1.2/credits")
        var request = URLRequest(url: url)
        request.setValue("Bearer \(SimulatorHarness.apiKey)", forHTTPHeaderField: "Authorization")
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let (_, response) = try await session.dataOffThePool(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(simulator.loopback.withLock { $0 != nil })
        #expect(simulator.requestLog.map(\.operation) == ["getCredits", "getCredits"])
        let ids = simulator.requestLog.map(\.requestID)
        #expect(ids[0].hasSuffix("_1") && ids[1].hasSuffix("_2"))
    }

    @Test("a scripted delay holds back the answer of a request handled at once, and composes with a failure")
    func delays() {
        let simulator = Self.inProcess()
        simulator.failNext(with: .delay(5), pathPrefix: "/v1.2/credits")
        simulator.failNext(with: .delay(2))
        simulator.failNext(with: .serviceUnavailable)
        #expect(simulator.pendingScriptedFailures == 3)

        let first = Self.get(simulator)
        guard case .respond(let slow503) = first else {
            Issue.record("expected a response, got \(first)")
            return
        }
        #expect(slow503.status == 503)
        #expect(slow503.delay == 5)
        let second = Self.get(simulator)
        #expect(second.delay == 2)
        #expect(Self.get(simulator).delay == 0)
        #expect(simulator.requestLog.map(\.status) == [503, 200, 200])
        #expect(simulator.pendingScriptedFailures == 0)

        simulator.failNext(with: .delay(1))
        simulator.clearScriptedFailures()
        #expect(Self.get(simulator).delay == 0)
        #expect(String(describing: JanuaryAPISimulator.ScriptedFailure.delay(1.5)) == "delay 1.5 s")
        #expect(JanuaryAPISimulator.ScriptedFailure.delay(-3).delay == 0)
        #expect(JanuaryAPISimulator.ScriptedFailure.delay(.nan).delay == 0)
    }

    @Test("a scripted transport error is a closed connection on the socket and the URLError in process")
    func transportError() {
        let simulator = Self.inProcess()
        simulator.failNext(with: .transportError(.timedOut))
        simulator.failNext(with: .closeConnection)
        let timedOut = Self.get(simulator)
        guard case .transportError(let code, let delay) = timedOut else {
            Issue.record("expected a transport error, got \(timedOut)")
            return
        }
        #expect(code == .timedOut)
        #expect(delay == 0)
        #expect(timedOut.scriptedResponse.behavior == .closeWithoutResponse)
        let dropped = Self.get(simulator)
        guard case .dropConnection = dropped else {
            Issue.record("expected a dropped connection, got \(dropped)")
            return
        }
        #expect(dropped.scriptedResponse.behavior == .closeWithoutResponse)
        #expect(simulator.requestLog.map(\.status) == [nil, nil])
        #expect(simulator.requestLog.map(\.wasScripted) == [true, true])
        let description = String(describing: JanuaryAPISimulator.ScriptedFailure.transportError(.timedOut))
        #expect(description == "transport error -1001")
    }

    @Test("over loopback a scripted transport error closes the connection, and the next request is answered")
    func transportErrorOverLoopback() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.failNext(with: .transportError(.notConnectedToInternet))
        await #expect(throws: (any Error).self) {
            try await harness.call("GET", "/v1.2/credits")
        }
        #expect(try await harness.call("GET", "/v1.2/credits").status == 200)
        #expect(harness.simulator.requestLog.map(\.status) == [nil, 200])
    }
}

/// The simulator's JSON writer, whose plain strings take a fast path: escaped or not, the text must read back as
/// the same value.
@Suite("The simulator's JSON strings", suiteTimeLimit())
struct JSONStringWritingTests {
    @Test(
        "strings are written whole when nothing needs escaping, and escaped otherwise",
        arguments: [
            ("banana", #""banana""#),
            ("café ☕️", #""café ☕️""#),
            (#"say "hi""#, #""say \"hi\"""#),
            (#"a\b"#, #""a\\b""#),
            ("line\nnext\ttab\r", #""line\nnext\ttab\r""#),
            ("\u{01}\u{1F}", #""\u0001\u001f""#),
        ]
    )
    func string(value: String, written: String) {
        #expect(JSONValue.string(value).serialized == written)
        #expect(JSONValue.parse(Data("{\"v\":\(written)}".utf8))?["v"]?.stringValue == value)
    }
}
