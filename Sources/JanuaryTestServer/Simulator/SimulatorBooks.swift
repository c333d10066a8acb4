import Foundation

/// Everything the simulated January knows, kept behind one lock by ``SimulatorEngine`` so that each request
/// sees and changes it atomically.
struct SimulatorBooks: Sendable {
    var credentials = CredentialBook()
    var catalog = Catalog.builtIn
    var logs = LogBook()
    var defaultEndUserID = JanuaryAPISimulator.defaultEndUserID
    var clientTokensEnabled = true
    var script = FailureScript()
    var requestLog = RecentRecord<JanuaryAPISimulator.RequestLogEntry>()
    var statistics = JanuaryAPISimulator.Statistics()
    var requestCount = 0
    /// The plan, this month's billable calls and the balance-read window; `GET /v1.2/credits` reports them.
    var credits = CreditBook()
    /// Whether log timestamps are named `created_at`, as one published contract revision names them.
    var namesLogTimestampsCreatedAt = false
}
