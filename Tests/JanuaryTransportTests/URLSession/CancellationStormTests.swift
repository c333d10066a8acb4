import Foundation
import JanuaryCore
import JanuaryCoreTesting
import JanuaryTestServer
import JanuaryTransport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 40: a partner's `swift test` once died inside FoundationNetworking (`TaskRegistry.swift:118: Fatal error`
/// under `URLSessionTask.cancel()`), and a Linux tool that cancels requests through the transport must not die
/// that way. Thousands of requests through the real URLSession, against loopback servers, cancelled from as many
/// tasks at once: while a server holds their answers, and while answers race the cancellations. Each request ends
/// exactly once, as an answer or as `CancellationError`, and the transport goes on working.
@Suite("URLSessionHTTPTransport: thousands of cancellations at once", suiteTimeLimit())
struct CancellationStormTests {
    /// How the requests of one storm are made.
    enum Storm: String, CaseIterable, Sendable {
        /// Every answer held by the server: every request must end cancelled.
        case allHeld
        /// Half the answers held, half given at once, racing the cancellations.
        case halfAnswered
        /// As `halfAnswered`, with `POST`s, each on a session of its own (the transport's rule for writes on Linux).
        case writesHalfAnswered

        var count: Int {
            self == .writesHalfAnswered ? 400 : 2_000
        }

        var method: JanuaryHTTPMethod {
            self == .writesHalfAnswered ? .post : .get
        }

        /// What becomes of request `index`.
        func role(_ index: Int) -> Role {
            if self == .allHeld || index % 2 == 0 {
                return .held
            }
            return index % 4 == 1 ? .pacer : .racer
        }

        /// How many requests must have reached the server (the holding one in `allHeld`, the answering one
        /// otherwise) before request `index` is cancelled: spread over the storm, and never more than surely
        /// arrive. Held answers keep their connections, so at most ``connections`` reach the holding server at
        /// once, and every pacer reaches the answering one.
        func arrivals(before index: Int) -> Int {
            let sure = self == .allHeld ? connections : count / 4
            return index % (sure + 1)
        }
    }

    /// What becomes of one request of a storm.
    enum Role {
        /// Held by its server, then cancelled: it must end with `CancellationError`.
        case held
        /// Answered at once and never cancelled: it must end with the answer. Pacers make the answering server's
        /// arrivals, which the cancellations wait for, certain.
        case pacer
        /// Answered at once and cancelled meanwhile: either outcome, but exactly one.
        case racer
    }

    /// What the requests of a storm ended with.
    struct Outcomes: Equatable, CustomStringConvertible {
        var heldCancelled = 0
        var pacersAnswered = 0
        var racersAnswered = 0
        var racersCancelled = 0
        var other: [String] = []

        var description: String {
            "held and cancelled \(heldCancelled), pacers answered \(pacersAnswered), racers answered "
                + "\(racersAnswered), racers cancelled \(racersCancelled), other \(other.count) \(other.prefix(3))"
        }
    }

    /// How many requests have reached a server, for cancellations to wait for.
    final class Arrivals: Sendable {
        private let state = Locked((count: 0, waiters: ThresholdWaiters()))

        func record() {
            let ready = state.withLock { state in
                state.count += 1
                return state.waiters.satisfied(by: state.count)
            }
            for continuation in ready {
                continuation.resume()
            }
        }

        func wait(forAtLeast threshold: Int) async throws {
            try await waitWithDeadline(
                "\(threshold) requests at the server", timeout: testDeadline,
                register: { continuation in
                    let (id, ready) = state.withLock { state in
                        state.waiters.add(continuation, threshold: threshold, count: state.count)
                    }
                    ready?.resume()
                    return id
                },
                remove: { id in self.state.withLock { $0.waiters.remove(id) } })
        }
    }

    /// The most connections the transport opens to one server.
    static let connections = 32

    @Test(
        "every request ends exactly once, as an answer or CancellationError, and the transport still works",
        arguments: Storm.allCases)
    func storm(_ storm: Storm) async throws {
        let held = Arrivals()
        let answered = Arrivals()
        // Two origins, so that held answers, which keep their connections, never make answered requests wait.
        let holding = try LoopbackHTTPServer { _ in
            held.record()
            // Far longer than the test: only a cancellation (or the server's shutdown) ends these.
            return ScriptedResponse(status: 200, delay: 600)
        }
        defer { holding.shutdown() }
        let answering = try LoopbackHTTPServer { _ in
            answered.record()
            return .text("answered")
        }
        defer { answering.shutdown() }
        holding.receivedRequestLimit = 0
        answering.receivedRequestLimit = 0
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = Self.connections
        let transport = URLSessionHTTPTransport(configuration: configuration)
        defer { transport.shutdown() }

        let tasks = (0..<storm.count).map { index in
            let request = JanuaryHTTPRequest(
                method: storm.method,
                url: (storm.role(index) == .held ? holding : answering).baseURL.appendingPathComponent("r/\(index)"),
                body: storm.method == .post ? .data(Data("{\"n\":\(index)}".utf8)) : .empty)
            return Task { try await transport.send(request) }
        }
        // Cancelled from as many tasks at once, each once a different number of requests has reached the server
        // and after a different number of turns, so that cancellations land before a task exists, while it waits
        // for a connection, while the server holds it, and while or after its answer arrives.
        let arrivals = storm == .allHeld ? held : answered
        await withTaskGroup(of: Void.self) { group in
            for (index, task) in tasks.enumerated() where storm.role(index) != .pacer {
                group.addTask {
                    do {
                        try await arrivals.wait(forAtLeast: storm.arrivals(before: index))
                    } catch {
                        Issue.record(error)
                    }
                    for _ in 0..<(index % 8) {
                        await Task.yield()
                    }
                    task.cancel()
                }
            }
        }
        let results = try await results(of: tasks)

        var outcomes = Outcomes()
        var expected = Outcomes()
        for (index, result) in results.enumerated() {
            let role = storm.role(index)
            switch (role, result) {
            case (.held, .failure(let error)) where error is CancellationError:
                outcomes.heldCancelled += 1
            case (.pacer, .success(let response)) where response.statusCode == 200:
                outcomes.pacersAnswered += 1
            case (.racer, .success(let response)) where response.statusCode == 200:
                outcomes.racersAnswered += 1
            case (.racer, .failure(let error)) where error is CancellationError:
                outcomes.racersCancelled += 1
            default:
                outcomes.other.append("\(index): \(result)")
            }
            switch role {
            case .held: expected.heldCancelled += 1
            case .pacer: expected.pacersAnswered += 1
            case .racer: break
            }
        }
        // Racers end either way, but each exactly once.
        expected.racersAnswered = outcomes.racersAnswered
        expected.racersCancelled = (0..<storm.count).filter { storm.role($0) == .racer }.count - outcomes.racersAnswered
        #expect(outcomes == expected)

        let after = try await withDeadline("an answer after the storm") {
            try await transport.send(JanuaryHTTPRequest(url: answering.baseURL.appendingPathComponent("after")))
        }
        #expect(String(decoding: after.body, as: UTF8.self) == "answered")
    }

    /// Who sends the requests of ``cancellationsMeetTimeouts(_:)``.
    enum Sender: String, CaseIterable, Sendable {
        /// `URLSessionHTTPTransport`.
        case transport
        /// A bare URLSession through `dataOffThePool(for:)`, as our own tests of the simulator and the server do.
        case testHelper
    }

    /// A cancellation that lands while URLSession completes the same request (here, its timeout) is where
    /// swift-corelibs-foundation's own `data(for:)` deadlocks: it cancels from the task's cancellation handler,
    /// holding the task's lock, and waits for the session's queue, which waits for that lock to resume the task.
    /// With `data(from:)` in place of the helper, 6 runs of 6 hung beside a CPU hog. The timeout is URLSession's
    /// own, in real time, so the cancellations are timed around it (0.9 to 1.1 s); the test asserts no duration.
    @Test(
        "cancellations that meet their requests' timeouts end every request once, and nothing hangs",
        arguments: Sender.allCases)
    func cancellationsMeetTimeouts(_ sender: Sender) async throws {
        let server = try LoopbackHTTPServer { _ in ScriptedResponse(status: 200, delay: 600) }
        server.receivedRequestLimit = 0
        defer { server.shutdown() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        configuration.timeoutIntervalForRequest = 1
        let transport = URLSessionHTTPTransport(configuration: configuration)
        defer { transport.shutdown() }
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let count = 600

        let tasks = (0..<count).map { index in
            let url = server.baseURL.appendingPathComponent("r/\(index)")
            return Task { () -> String in
                do {
                    switch sender {
                    case .transport:
                        _ = try await transport.send(JanuaryHTTPRequest(url: url, timeout: 1))
                    case .testHelper:
                        _ = try await session.dataOffThePool(from: url)
                    }
                    return "answered"
                } catch is CancellationError {
                    return "cancelled"
                } catch let error as URLError where error.code == .cancelled {
                    return "cancelled"
                } catch let error as URLError where error.code == .timedOut {
                    return "timed out"
                } catch let error as JanuaryError where error.category == .timeout {
                    return "timed out"
                } catch {
                    return "\(error)"
                }
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for (index, task) in tasks.enumerated() {
                group.addTask {
                    try? await Task.sleep(nanoseconds: UInt64(900_000_000 + (index % 200) * 1_000_000))
                    task.cancel()
                }
            }
        }
        var outcomes: [String: Int] = [:]
        for result in try await results(of: tasks.map { task in Task { await task.value } }) {
            outcomes[(try? result.get()) ?? "\(result)", default: 0] += 1
        }
        #expect(outcomes.values.reduce(0, +) == count)
        #expect(Set(outcomes.keys).isSubset(of: ["cancelled", "timed out"]), "\(outcomes)")
    }
}
