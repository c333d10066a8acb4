extension JanuaryAPISimulator {
    /// Makes the next `count` matching requests fail with `failure`, before routing and authentication.
    ///
    /// A request matches when its method equals `method` and its path starts with `pathPrefix` (each `nil`
    /// matches anything). Failures are taken in the order they were scripted; the stand-in partner-backend
    /// endpoint is never failed this way. Because they are answered as the request arrives, a scripted `429`
    /// or `5xx` is seen even without a credential, and a scripted `401` stands in for the credential's verdict.
    ///
    /// ```swift
    /// simulator.failNext(2, with: .rateLimited(retryAfter: 1), method: "GET", pathPrefix: "/v1.2/foods")
    /// simulator.failNext(with: .tokenExpired)        // the SDK refreshes and replays once
    /// simulator.failNext(with: .closeConnection)     // a network failure
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many requests fail; `0` or less scripts nothing.
    ///   - failure: The answer to give.
    ///   - method: Only requests with this method, such as `POST`; `nil` for any.
    ///   - pathPrefix: Only requests whose path starts with this, such as `/v1.2/food-logs`; `nil` for any.
    public func failNext(
        _ count: Int = 1, with failure: ScriptedFailure, method: String? = nil, pathPrefix: String? = nil
    ) {
        books.withLock {
            $0.script.add(
                FailureScript.Entry(failure: failure, remaining: count, method: method, pathPrefix: pathPrefix),
                afterWrite: false
            )
        }
    }

    /// Makes the next `count` matching writes fail *after* they are stored: the food, water or weight log is
    /// kept, but the client gets `failure` (by default `503 service_unavailable`; ``ScriptedFailure/closeConnection``
    /// for a lost answer), to test "the write may or may not have happened".
    ///
    /// Writes are `createFoodLog`, `updateFoodLog`, `createWaterLog` and `createWeightLog`; only a write that
    /// succeeded uses up a failure, so a rejected (`400`) write leaves it for the next one.
    ///
    /// ```swift
    /// simulator.failNextWrites(afterStoringWith: .closeConnection, pathPrefix: "/v1.2/water-logs")
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many writes fail; `0` or less scripts nothing.
    ///   - failure: The answer to give once the write is stored.
    ///   - method: Only writes with this method; `nil` for any.
    ///   - pathPrefix: Only writes whose path starts with this; `nil` for any.
    public func failNextWrites(
        _ count: Int = 1,
        afterStoringWith failure: ScriptedFailure = .serviceUnavailable,
        method: String? = nil,
        pathPrefix: String? = nil
    ) {
        books.withLock {
            $0.script.add(
                FailureScript.Entry(failure: failure, remaining: count, method: method, pathPrefix: pathPrefix),
                afterWrite: true
            )
        }
    }

    /// Makes the next `count` matching writes look lost and be stored late: the client gets `failure` (by default
    /// ``ScriptedFailure/closeConnection``) and nothing is stored yet; the write is stored when `commit` comes due,
    /// as if January had committed it after the client gave up on the answer. A listing made before then does not
    /// show it.
    ///
    /// Writes are `createFoodLog`, `updateFoodLog`, `createWaterLog` and `createWeightLog`; only a write that would
    /// be stored uses up an entry, so a rejected (`400`) write leaves it
    /// for the next one. ``pendingLateWrites`` counts the writes answered but not yet stored.
    ///
    /// ```swift
    /// // The answer is lost; the log appears 30 s later, after a client that listed at once saw nothing.
    /// simulator.failNextWrites(answering: .transportError(.timedOut), committing: .after(30), method: "POST")
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many writes; `0` or less scripts nothing.
    ///   - failure: The answer the client gets instead of the write's.
    ///   - commit: When the write is stored.
    ///   - method: Only writes with this method; `nil` for any.
    ///   - pathPrefix: Only writes whose path starts with this; `nil` for any.
    public func failNextWrites(
        _ count: Int = 1,
        answering failure: ScriptedFailure = .closeConnection,
        committing commit: LateCommit,
        method: String? = nil,
        pathPrefix: String? = nil
    ) {
        books.withLock {
            $0.script.add(
                FailureScript.Entry(
                    failure: failure, remaining: count, method: method, pathPrefix: pathPrefix, commit: commit),
                afterWrite: true
            )
        }
    }

    /// How many writes were answered as lost by ``failNextWrites(_:answering:committing:method:pathPrefix:)`` and are
    /// not stored yet.
    public var pendingLateWrites: Int {
        books.withLock { $0.pendingCommits.count }
    }

    /// How many scripted failures are still to be served, the partner backend's included.
    public var pendingScriptedFailures: Int {
        books.withLock { $0.script.pendingCount + $0.partnerBackendScript.count }
    }

    /// Forgets every scripted failure not yet served, the partner backend's included.
    public func clearScriptedFailures() {
        books.withLock { books in
            books.script.removeAll()
            books.partnerBackendScript.removeAll()
        }
        // Writes already answered as lost stay due: January would still commit them.
    }

    /// Whether the simulator speaks the contract revision that names every log timestamp `created_at` (January's
    /// Go server SDK and one web SDK revision) in place of `eaten_at`, `consumed_at` and `measured_at`.
    ///
    /// When `true`, food, water and weight log answers carry `created_at` instead, and a request's `created_at`
    /// is read as the per-resource name (which is still accepted). `false` by default: the newest names.
    public var namesLogTimestampsCreatedAt: Bool {
        get { books.withLock { $0.namesLogTimestampsCreatedAt } }
        set { books.withLock { $0.namesLogTimestampsCreatedAt = newValue } }
    }
}
