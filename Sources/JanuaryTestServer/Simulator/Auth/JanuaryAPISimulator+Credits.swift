extension JanuaryAPISimulator {
    /// The plan `GET /v1.2/credits` reports and whose monthly ceiling billable calls meet;
    /// ``CreditPlan/unlimited`` until set.
    ///
    /// ```swift
    /// simulator.creditPlan = .init(name: "free", includedCredits: 3)   // the 4th billable call: 429 credit_limit_exceeded
    /// ```
    public var creditPlan: CreditPlan {
        get { books.withLock { $0.credits.plan } }
        set { books.withLock { $0.credits.plan = newValue } }
    }

    /// How many `GET /v1.2/credits` reads a minute answers before `429 rate_limited` with `Retry-After`, as
    /// January caps them: 60 by default; `nil` for no cap. A window opens with its first read and lasts a
    /// minute; a value below 1 reads as 1.
    public var creditReadsPerMinute: Int? {
        get { books.withLock { $0.credits.readsPerMinute } }
        set { books.withLock { $0.credits.readsPerMinute = newValue.map { max(1, $0) } } }
    }
}
