import Foundation
import JanuaryCore

/// January's API on behalf of one of your users: their food, water and weight logs.
///
/// Get one from ``JanuaryPartnerClient/forUser(_:timeZone:)``. It is a small value that shares the client's
/// token cache and connections, so make one wherever it is handy rather than keeping it around:
///
/// ```swift
/// let user = january.forUser(PartnerUserID(rawValue: account.id), timeZone: account.timeZone)
/// let today = try user.today()
/// let logs = try await user.foodLogs.list(on: today)
/// ```
///
/// Every operation checks ``userID`` with `PartnerUserID.validate()` before anything else and throws
/// `JanuaryError` of category `invalidInput`, sending nothing, when it is not valid. The user travels in the
/// `January-End-User-ID` header. With a client token, January also knows the user from the token, and
/// answers `403 end_user_id_mismatch` when the two differ; see the "Logging for a user" guide.
public struct JanuaryUserClient: Sendable {
    /// The user whose logs this value reads and writes.
    public let userID: PartnerUserID

    /// The user's time zone, whose calendar days January uses to list and summarize logs.
    public var timeZone: TimeZone { timeZoneReference.value }
    /// ``timeZone``, boxed: `TimeZone` is not frozen in Apple's Foundation, and stored inline it would give this
    /// value and each resource group holding it a layout known only at run time (see `Boxed`).
    private let timeZoneReference: Boxed<TimeZone>

    /// The client whose token cache and connections the user's requests share; `package` so that
    /// JanuaryPartnerSDKHealth predicts and the review sheet (JanuaryPartnerSDKUI) reaches the catalogue with the
    /// user's own client, never another's.
    package let client: JanuaryPartnerClient

    init(client: JanuaryPartnerClient, userID: PartnerUserID, timeZone: TimeZone) {
        self.client = client
        self.userID = userID
        self.timeZoneReference = Boxed(timeZone)
    }

}

extension JanuaryPartnerClient {
    /// January's API on behalf of one of your users.
    ///
    /// Nothing is checked or sent here: each operation checks the user ID first, before its own input, and sends
    /// nothing when it is not valid.
    ///
    /// ```swift
    /// let user = january.forUser(PartnerUserID(rawValue: account.id))
    /// let log = try await user.waterLogs.create(.milliliters(250))
    /// ```
    ///
    /// - Parameters:
    ///   - userID: Your own opaque identifier for the user. With a client token it must be the user the token
    ///     was minted for.
    ///   - timeZone: The user's time zone, which decides which calendar day a log belongs to. Defaults to the
    ///     device's zone; on a server, pass the user's.
    /// - Returns: A value that shares this client's token cache and connections.
    public func forUser(_ userID: PartnerUserID, timeZone: TimeZone = .current) -> JanuaryUserClient {
        JanuaryUserClient(client: self, userID: userID, timeZone: timeZone)
    }
}
