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

extension JanuaryAPISimulator {
    /// The plan `GET /v1.2/credits` reports, and the monthly credit ceiling the simulator enforces with it.
    ///
    /// Every successful call of a billable operation (all but the three API-key-only ones) uses one credit.
    /// With ``includedCredits`` set, a billable call once they are spent answers `429 credit_limit_exceeded`
    /// (no `Retry-After`) until the next UTC month; refused calls cost nothing.
    public struct CreditPlan: Sendable, Hashable {
        /// January's plan name: `free`, `pro`, `startup`, `enterprise` or `unlimited`.
        public let name: String
        /// The credits of one UTC month; `nil` for no ceiling (reported as `null`).
        public let includedCredits: Int?

        /// Creates a plan.
        ///
        /// - Parameters:
        ///   - name: The plan name `GET /v1.2/credits` reports, such as `free`.
        ///   - includedCredits: The monthly credits, or `nil` for no ceiling; a negative count reads as `0`.
        public init(name: String, includedCredits: Int?) {
            self.name = name
            self.includedCredits = includedCredits.map { max(0, $0) }
        }

        /// No ceiling, reported as plan `unlimited` with `null` ceiling fields: the default, so that long test
        /// runs never run out.
        public static let unlimited = CreditPlan(name: "unlimited", includedCredits: nil)
        /// January's free plan: 1000 credits a month.
        public static let free = CreditPlan(name: "free", includedCredits: 1000)
    }
}
