import Foundation
import JanuaryPartnerSDK

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the app reaches January: through its own backend's token endpoint, with the user's session with that
/// backend, and what it does about each failure.
public enum JanuaryConnection {
    /// What the app does about a failed call.
    public enum Response: Equatable, Sendable {
        /// The user's session with our backend (or the token it minted) is over: show the sign-in screen.
        case signIn
        /// The month's January allowance is spent: say so, and do not retry.
        case allowanceSpent
        /// Try again after this many seconds, when known.
        case retryLater(TimeInterval?)
        /// A write may be stored although it failed: reload what it would have changed before offering it again.
        case reloadBeforeRepeating
        /// The work was stopped on purpose (signed out): show nothing.
        case nothing
        /// Show this sentence, written for users.
        case showMessage(String)
    }

    /// The client for one signed-in user: the SDK calls our token endpoint with the user's current session.
    ///
    /// - Parameters:
    ///   - tokenURL: Our backend's token endpoint.
    ///   - sessionToken: The user's current session with our backend; read for every token request.
    ///   - configuration: Where and how to reach January.
    /// - Returns: The client.
    /// - Throws: `JanuaryError` when the configuration is unsafe.
    public static func makeClient(
        tokenURL: URL,
        sessionToken: @escaping @Sendable () async -> String,
        configuration: JanuaryPartnerClient.Configuration = JanuaryPartnerClient.Configuration()
    ) throws -> JanuaryPartnerClient {
        try JanuaryPartnerClient(
            tokenEndpoint: {
                var request = URLRequest(url: tokenURL)
                request.httpMethod = "POST"
                request.setValue("Bearer \(await sessionToken())", forHTTPHeaderField: "Authorization")
                return request
            },
            configuration: configuration
        )
    }

    /// What to do about `error`, from the SDK's recovery for it: never from its message, and with no table of codes
    /// of our own.
    ///
    /// - Parameter error: The error a call threw.
    /// - Returns: The app's response.
    public static func response(to error: JanuaryError) -> Response {
        switch error.recovery.kind {
        case .checkBeforeRepeating:
            return .reloadBeforeRepeating
        case .signInAgain:
            return .signIn
        case .notUntilNextMonth:
            return .allowanceSpent
        case .retryLater, .retryWhenOnline:
            return .retryLater(error.recovery.retryAfter)
        case .ignore:
            return .nothing
        default:
            return .showMessage(error.localizedDescription)
        }
    }
}
