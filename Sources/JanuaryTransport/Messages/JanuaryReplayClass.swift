/// Whether a request may be sent more than once: stated once, by whoever makes the request, and read unchanged
/// wherever a second send is weighed.
///
/// January's SDK reads it, never the HTTP method, for each of these questions:
/// - May the request be sent again after a refreshed credential or a rate limit? Yes, unless ``never``.
/// - May it be sent again after an outcome nobody knows (no answer, a `5xx`)? Only when ``safe``.
/// - May a failure whose outcome is unknown, or a `2xx` whose body cannot be read, have taken effect? Yes, unless
///   ``safe``: a safe request can be sent again unchecked.
/// - May the platform's URL loading resend it by itself on a reused connection? Only when ``safe`` (and without
///   content, which swift-corelibs-foundation cannot resend); any other request gets a connection of its own
///   there.
///
/// The SDK's own operations state January's contract; a raw `JanuaryRequest` states its own:
///
/// ```swift
/// let body = ["diet_preferences": ["vegetarian"]]
/// var request = JanuaryRequest(method: .post, path: "/v1.2/foods/1001/alternatives", body: try .json(body))
/// request.replay = .safe  // a POST that only reads
/// ```
///
/// A struct with three values rather than an enum, so that a value added later breaks no `switch` of yours.
public struct JanuaryReplayClass: Sendable, Hashable, CustomStringConvertible {
    /// 0, 1 or 2 for ``safe``, ``onceOnly`` and ``never``: a number rather than a private enum, whose spare bit
    /// patterns and conformances cost about 0.6 KB of an app.
    private let value: UInt8

    private init(_ value: UInt8) {
        self.value = value
    }

    /// Sending it twice has the effect of sending it once: it may be sent again after a refreshed credential, a
    /// rate limit, and an unknown outcome (no answer, a `5xx`). Every read, search, analysis and prediction is, and
    /// so are January's updates and deletes.
    public static let safe = JanuaryReplayClass(0)

    /// It may be sent again only when the server certainly did not act on it (a credential it rejected, a rate
    /// limit), never after an unknown outcome: a create the server does not deduplicate. The default of a raw
    /// `JanuaryRequest`, which nobody has said is safe.
    public static let onceOnly = JanuaryReplayClass(1)

    /// It is never sent twice: its body is a one-shot stream, or its maker said so.
    public static let never = JanuaryReplayClass(2)

    /// Whether a second send may follow an outcome nobody knows, and so whether such an outcome (or a `2xx` whose
    /// body cannot be read) leaves nothing to check: only a ``safe`` request's.
    package var allowsResendAfterUnknownOutcome: Bool {
        self == .safe
    }

    /// Whether it may be sent a second time at all, after a failure that proves the server did not act.
    package var allowsResend: Bool {
        self != .never
    }

    /// `safe`, `onceOnly` or `never`.
    public var description: String {
        switch self {
        case .safe: "safe"
        case .onceOnly: "onceOnly"
        default: "never"
        }
    }
}
