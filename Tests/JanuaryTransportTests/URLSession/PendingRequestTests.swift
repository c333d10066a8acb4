import Foundation
import JanuaryCore
import JanuaryTransport
import Testing

/// The hand-over between URLSession's delegate and the caller's continuation, which can happen in either order.
@Suite("PendingRequest", suiteTimeLimit())
struct PendingRequestTests {
    private static let url = URL(string: "https://partners.january.test/v1.2/foods")!

    /// Starts `pending` as the transport does, returning what the caller receives.
    private static func await(_ pending: PendingRequest) async -> Result<JanuaryHTTPResponse, any Error> {
        do {
            return .success(
                try await withCheckedThrowingContinuation { continuation in
                    // `start` resumes the continuation itself when the request already ended.
                    _ = pending.start(continuation)
                })
        } catch {
            return .failure(error)
        }
    }

    @Test("a failure that arrives before the caller waits (a shutdown race) is delivered as .network, not .cancelled")
    func completionBeforeStartIsDelivered() async throws {
        let pending = PendingRequest(url: Boxed(Self.url), maximumBodySize: 16)
        pending.finish(.failure(.network("The request was stopped because the transport was shut down.")))
        let outcome = await Self.await(pending)
        guard case .failure(let error) = outcome, let january = error as? JanuaryError else {
            Issue.record("expected a JanuaryError, got \(outcome)")
            return
        }
        #expect(january.category == .network)
    }

    @Test("a response from the request's own URL shares its box; another URL, after a redirect, gets its own")
    func answeringURLBox() throws {
        let box = Boxed(Self.url)
        let pending = PendingRequest(url: box, maximumBodySize: 16)
        #expect(pending.boxed(answeringURL: Self.url) === box)
        let other = try #require(URL(string: "https://partners.january.test/v1.2/foods/1"))
        let otherBox = try #require(pending.boxed(answeringURL: other))
        #expect(otherBox !== box)
        #expect(otherBox.value == other)
        #expect(pending.boxed(answeringURL: nil) == nil)
    }

    @Test("a response that arrives before the caller waits is delivered")
    func responseBeforeStartIsDelivered() async throws {
        let pending = PendingRequest(url: Boxed(Self.url), maximumBodySize: 16)
        pending.finish(.success(JanuaryHTTPResponse(statusCode: 204)))
        let outcome = await Self.await(pending)
        #expect(try outcome.get().statusCode == 204)
    }

    @Test("a cancellation before the caller waits throws CancellationError, and a later completion is ignored")
    func cancellationBeforeStart() async throws {
        let pending = PendingRequest(url: Boxed(Self.url), maximumBodySize: 16)
        pending.cancel()
        pending.finish(.success(JanuaryHTTPResponse(statusCode: 200)))
        let outcome = await Self.await(pending)
        guard case .failure(let error) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error is CancellationError)
    }

    @Test("the body limit is inclusive, and a piece that would exceed it is refused")
    func bodyLimit() {
        let pending = PendingRequest(url: Boxed(Self.url), maximumBodySize: 8)
        #expect(pending.append(Data(count: 5)) == 5)
        #expect(pending.append(Data(count: 3)) == 8)
        #expect(pending.append(Data(count: 1)) == nil)
        #expect(pending.takeBody().count == 8)
    }
}
