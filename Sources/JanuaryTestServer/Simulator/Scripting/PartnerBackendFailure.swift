import Foundation

extension JanuaryAPISimulator {
    /// How the stand-in partner backend answers a token request instead of minting a token, scripted with
    /// ``JanuaryAPISimulator/failNextPartnerBackendRequests(_:with:)``: to test what an app does when its own
    /// backend refuses, fails, is slow, drops the connection or answers nonsense.
    public struct PartnerBackendFailure: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: Hashable, Sendable {
            case status(Int)
            case delay(TimeInterval)
            case dropConnection
            case unusableBody
        }

        private let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// `401` with `{"error": "unauthorized"}`: the user's session with the partner's backend is not valid.
        public static let refuse = PartnerBackendFailure(.status(401))

        /// `503` with `{"error": "unavailable"}`: the backend failed, such as when January was unavailable to it.
        public static let fail = PartnerBackendFailure(.status(503))

        /// Reads the request, then closes the connection without a byte of answer.
        public static let dropConnection = PartnerBackendFailure(.dropConnection)

        /// `200` with an HTML body that is not a client token, as a captive portal or a misrouted proxy answers.
        public static let unusableBody = PartnerBackendFailure(.unusableBody)

        /// Any status with `{"error": "scripted"}`, such as `403` or `429`.
        ///
        /// - Parameter status: The status to answer.
        /// - Returns: The failure.
        public static func status(_ status: Int) -> PartnerBackendFailure {
            PartnerBackendFailure(.status(status))
        }

        /// Mints the token as usual but answers only after `seconds` of real time, to test a slow backend (the
        /// wait ends early when the server shuts down).
        ///
        /// - Parameter seconds: How long to wait before answering.
        /// - Returns: The failure.
        public static func delay(_ seconds: TimeInterval) -> PartnerBackendFailure {
            PartnerBackendFailure(.delay(seconds))
        }

        /// Such as `401`, `drop connection` or `delay 2.0 s`.
        public var description: String {
            switch kind {
            case .status(let status): "\(status)"
            case .delay(let seconds): "delay \(seconds) s"
            case .dropConnection: "drop connection"
            case .unusableBody: "unusable body"
            }
        }

        /// The real-time delay before a normal answer, for ``delay(_:)``.
        var delay: TimeInterval? {
            if case .delay(let seconds) = kind {
                return seconds
            }
            return nil
        }

        var dropsConnection: Bool {
            kind == .dropConnection
        }

        /// The answer instead of a token; `nil` for a delay or a dropped connection.
        var response: APIResponse? {
            switch kind {
            case .status(let status):
                let word =
                    switch status {
                    case 401: "unauthorized"
                    case 503: "unavailable"
                    default: "scripted"
                    }
                return .json(.object(["error": .string(word)]), status: status)
            case .unusableBody:
                let page = "<html><body>Sign in to the Wi-Fi</body></html>"
                return APIResponse(status: 200, body: nil, rawBody: Data(page.utf8))
            case .delay, .dropConnection:
                return nil
            }
        }
    }

    /// Whether answers of the stand-in partner backend are scripted and not yet served: a `simulated` client,
    /// which mints its tokens directly, then asks the partner backend instead, so that the script applies to it.
    package var hasPendingPartnerBackendFailures: Bool {
        books.withLock { !$0.partnerBackendScript.isEmpty }
    }

    /// Makes the next `count` requests to the stand-in partner backend (``partnerBackendTokenURL``) answer with
    /// `failure` instead of a token, in the order scripted; later requests mint tokens again.
    ///
    /// ```swift
    /// simulator.failNextPartnerBackendRequests(with: .refuse)          // 401: the app must sign in again
    /// simulator.failNextPartnerBackendRequests(2, with: .fail)         // 503 twice
    /// simulator.failNextPartnerBackendRequests(with: .dropConnection)  // no answer at all
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many requests get the failure; `0` or less scripts nothing.
    ///   - failure: The answer to give.
    public func failNextPartnerBackendRequests(_ count: Int = 1, with failure: PartnerBackendFailure) {
        guard count > 0 else {
            return
        }
        books.withLock { $0.partnerBackendScript.append(contentsOf: repeatElement(failure, count: count)) }
    }
}
