import Foundation
import JanuaryCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession delegate of a ``URLSessionHTTPTransport``: collects each task's body, applies the redirect
/// policy, declines authentication challenges and completes each ``PendingRequest``.
///
/// A session delegate rather than completion handlers, because on Linux a task created with a completion
/// handler bypasses the delegate's redirect and challenge methods.
final class SessionDelegate: NSObject, Sendable {
    private let pending = Locked<[Int: PendingRequest]>([:])
    /// Where calls back into URLSession go: its transport's.
    private let calls: SessionCallQueue

    init(calls: SessionCallQueue) {
        self.calls = calls
    }

    func register(_ request: PendingRequest, for taskIdentifier: Int) {
        pending.withLock { $0[taskIdentifier] = request }
    }

    /// Takes the request of task `taskIdentifier` out of the table. Whoever takes it answers it: a callback that
    /// finds nothing knows the request was answered or cancelled already.
    ///
    /// - Parameter taskIdentifier: The task's identifier.
    /// - Returns: The request, or `nil` when it was taken already.
    @discardableResult
    func unregister(_ taskIdentifier: Int) -> PendingRequest? {
        pending.withLock { $0.removeValue(forKey: taskIdentifier) }
    }

    private func request(for task: URLSessionTask) -> PendingRequest? {
        pending.withLock { $0[task.taskIdentifier] }
    }

    /// How to answer a challenge on Darwin: server trust gets the system's evaluation; every other challenge
    /// (Basic, Digest, NTLM, Negotiate, client certificates) is declined without a credential.
    ///
    /// Apple documents `rejectProtectionSpace` as "reject this protection space and try the next one"; with none
    /// left and no credential storage, the loader continues without a credential and the task ends with the 401
    /// as its response. `performDefaultHandling` is not used for those, because default handling may answer
    /// Negotiate or NTLM with the device's own single sign-on credential, replacing the Bearer token.
    /// `cancelAuthenticationChallenge` would fail the task and lose the 401 and its Bearer challenge.
    static func disposition(for challenge: URLAuthenticationChallenge) -> URLSession.AuthChallengeDisposition {
        #if canImport(Darwin)
        if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust {
            return .performDefaultHandling
        }
        #endif
        // swift-corelibs-foundation has no server-trust challenges (curl verifies certificates itself), so on
        // Linux every challenge that reaches here is a server's request for credentials.
        return .rejectProtectionSpace
    }

    /// Runs `work` off the calling thread where delegate callbacks run in place on the session's work queue
    /// (Linux), so that a call that waits on that queue, such as `URLSessionTask.cancel()`, cannot deadlock; and
    /// on the transport's own queue rather than `DispatchQueue.global()`, whose threads on Linux are the
    /// cooperative ones every task shares.
    private func elsewhere(_ work: @escaping @Sendable () -> Void) {
        calls.async(work)
    }

    static func makeResponse(_ response: HTTPURLResponse, for request: PendingRequest) -> JanuaryHTTPResponse {
        var fields: [(name: String, value: String)] = []
        let all = response.allHeaderFields
        fields.reserveCapacity(all.count)
        // Foundation hands the fields over as a dictionary; sort them so every run prints the same order, by name
        // without case, compared in place rather than through a lowercased copy of each name and a second array.
        // Each field goes in after every field that does not sort after it (`partitionPoint`), so equal names keep
        // the dictionary's order as a stable sort would: a response has a handful of fields, and the standard
        // library's merge sort, specialised for them, was about 3 KB of an app.
        for (name, value) in all {
            // Through `base`: a cast from `AnyHashable` itself goes through the runtime's conformance lookups first;
            // four fields took 0.80 µs this way against 1.01 µs, in a release build on Linux.
            guard let name = name.base as? String, let value = value as? String else {
                continue
            }
            let low = partitionPoint(count: fields.count) {
                !HTTPSyntax.asciiCaseInsensitiveLess(name, fields[$0].name)
            }
            fields.append((name, value))
            for index in stride(from: fields.count - 1, to: low, by: -1) {
                fields.swapAt(index, index - 1)
            }
        }
        let (body, credentialWithdrawn) = request.takeBodyAndWithdrawal()
        return JanuaryHTTPResponse(
            statusCode: response.statusCode,
            headerFields: JanuaryHTTPHeaderFields(fields),
            body: body,
            urlReference: request.boxed(answeringURL: response.url),
            credentialWithdrawnByRedirect: credentialWithdrawn
        )
    }

}

extension SessionDelegate: URLSessionDataDelegate {
    func urlSession(
        _ session: URLSession,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        completionHandler(Self.disposition(for: challenge), nil)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(Darwin)
        completionHandler(Self.disposition(for: challenge), nil)
        #else
        // swift-corelibs-foundation raises this challenge for a 401 only after the whole response has arrived, and
        // none of its dispositions delivers that response: rejecting or cancelling cancels the task
        // (URLError.cancelled), default handling without a stored credential never calls back at all (the hang
        // URLSession.shared shows on `Basic realm=…`), and using a credential resends the request with Basic
        // authorization in place of the Bearer token. So complete the request here with the 401 as received (its
        // body arrived through earlier callbacks on this same serial queue), then cancel the challenge so the
        // task ends without resending anything.
        if let response = (challenge.failureResponse ?? task.response) as? HTTPURLResponse,
            let request = unregister(task.taskIdentifier)
        {
            request.finish(.success(Self.makeResponse(response, for: request)))
        }
        // Cancelling waits on the session's work queue, which this callback runs on (see InlineDelegateQueue).
        elsewhere { completionHandler(.cancelAuthenticationChallenge, nil) }
        #endif
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(self.request(for: task)?.redirect(from: response.url, to: request))
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        // Bodies in memory are set as httpBody and need no stream; a stream body is one-shot and cannot be
        // provided again, so the task fails instead of resending part of it.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let request = request(for: dataTask) else {
            return
        }
        guard let received = request.append(data) else {
            unregister(dataTask.taskIdentifier)
            request.finish(
                .failure(
                    .network(
                        "The response body is larger than the transport accepts; the request was stopped.",
                        code: JanuaryError.Code.responseTooLarge
                    )
                )
            )
            elsewhere { dataTask.cancel() }
            return
        }
        // The body is whole by its own framing: answer now, without waiting for URLSession to finish its
        // bookkeeping and report the task complete (a median 15 µs later on Linux, measured over loopback). Whoever
        // takes the request out of the table answers it, so the completion that follows finds nothing to do.
        if let response = dataTask.response as? HTTPURLResponse, Self.isWhole(bodyOf: response, received: received),
            let request = unregister(dataTask.taskIdentifier)
        {
            request.finish(.success(Self.makeResponse(response, for: request)))
        }
    }

    /// Whether `received` bytes are the whole body of `response` as its header frames it: exactly its
    /// `Content-Length`, more than none, with no `Transfer-Encoding` (which overrides the length) and no
    /// `Content-Encoding` other than `identity` (URLSession decodes such a body, so the bytes it hands over are not
    /// the ones the length counts).
    ///
    /// - Parameters:
    ///   - response: The response whose body is arriving.
    ///   - received: The body bytes handed over so far.
    /// - Returns: `true` when no more body can follow.
    static func isWhole(bodyOf response: HTTPURLResponse, received: Int) -> Bool {
        guard response.expectedContentLength > 0, Int64(received) == response.expectedContentLength,
            response.value(forHTTPHeaderField: "Transfer-Encoding") == nil
        else {
            return false
        }
        guard let encoding = response.value(forHTTPHeaderField: "Content-Encoding") else {
            return true
        }
        return HTTPSyntax.asciiCaseInsensitiveEquals(encoding, "identity")
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let request = unregister(task.taskIdentifier) else {
            return
        }
        if let error {
            request.finish(.failure(URLErrorMapping.networkError(for: error)))
        } else if let response = task.response as? HTTPURLResponse {
            request.finish(.success(Self.makeResponse(response, for: request)))
        } else {
            request.finish(.failure(.network("The server's answer was not an HTTP response.")))
        }
    }
}
