/// One of the plain sentences a ``JanuaryError`` shows users, with a stable key so that a module with its own string
/// catalogue (the scanner) can translate it: the English text is what `localizedDescription` returns, and the
/// default wherever a catalogue has no translation.
package struct JanuaryUserSentence: Sendable {
    /// A stable name, such as `rateLimited`; a catalogue's key is built from it.
    package let key: String
    /// The sentence in English.
    package let english: String

    private init(_ key: String, _ english: String) {
        self.key = key
        self.english = english
    }

    static let monthlyLimit = Self(
        "monthlyLimit", "This app has reached its monthly limit for nutrition requests. Please try again next month.")
    static let offline = Self("offline", "You appear to be offline. Check your connection and try again.")
    static let signedOut = Self("signedOut", "Your session has ended. Please sign in again.")
    static let authentication = Self(
        "authentication", "Your session could not be confirmed. Please sign in again.")
    static let authorization = Self("authorization", "This account is not allowed to do that.")
    static let tokenProvider = Self(
        "tokenProvider", "The app could not connect to its nutrition service. Please try again later.")
    static let network = Self(
        "network", "The nutrition service could not be reached. Check your connection and try again.")
    static let timeout = Self("timeout", "The nutrition service took too long to answer. Please try again.")
    static let server = Self("server", "The nutrition service is having trouble. Please try again later.")
    static let invalidInput = Self(
        "invalidInput", "The request could not be completed because some of its details are not valid.")
    static let notFound = Self("notFound", "What you asked for could not be found.")
    static let rateLimited = Self(
        "rateLimited", "Too many requests were made just now. Please wait a moment and try again.")
    static let cancelled = Self("cancelled", "The operation was cancelled.")
    static let decoding = Self("decoding", "The nutrition service sent an answer the app could not read.")
    static let other = Self("other", "Something went wrong with the nutrition service. Please try again.")

    /// Every sentence, so that a catalogue's tests can hold their keys and English to this list.
    package static let all: [JanuaryUserSentence] = [
        monthlyLimit, offline, signedOut, authentication, authorization, tokenProvider, network, timeout, server,
        invalidInput, notFound, rateLimited, cancelled, decoding, other,
    ]
}

extension JanuaryError {
    /// The sentence users see for this error: a few codes have their own, every other error its category's.
    package var userSentence: JanuaryUserSentence {
        switch code {
        case .creditLimitExceeded?, .requestLimitExceeded?: return .monthlyLimit
        case .notConnectedToInternet?: return .offline
        case .partnerBackendRefused?: return .signedOut
        default: break
        }
        switch category {
        case .authentication: return .authentication
        case .authorization: return .authorization
        case .tokenProvider: return .tokenProvider
        case .network: return .network
        case .timeout: return .timeout
        case .server: return .server
        case .invalidInput: return .invalidInput
        case .notFound: return .notFound
        case .rateLimited: return .rateLimited
        case .cancelled: return .cancelled
        case .decoding: return .decoding
        default: return .other
        }
    }
}
