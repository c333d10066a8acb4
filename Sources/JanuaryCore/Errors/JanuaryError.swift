import Foundation

/// The one error type every January SDK operation throws.
///
/// A `JanuaryError` tells you *what kind* of thing went wrong through its ``category``, and carries what
/// January told us about it: its stable ``code`` (such as `rate_limited` or `end_user_id_mismatch`), its
/// ``message``, the HTTP ``statusCode``, the ``requestID`` to quote to January support and, for rate limits,
/// how long to wait (``retryAfter``).
///
/// What to do about it is its ``recovery``: one kind per error (sign in again, retry later, check before
/// repeating a write, not until next month, fix the input, report a bug), decided from ``mayHaveTakenEffect``,
/// ``code`` and ``category``. Kinds and categories are extensible sets of values rather than exhaustive enums, so a
/// new one in a later release does not break your `switch`. Always include a `default` branch, and build logic on
/// ``recovery``, ``code`` or ``category``, never on ``message``:
///
/// ```swift
/// do {
///     let results = try await january.foods.search(SearchFoodsRequest(query: "banana"))
///     show(results)
/// } catch let error as JanuaryError {
///     switch error.recovery.kind {
///     case .signInAgain: showSignIn()
///     case .retryLater: showTryAgain(after: error.recovery.retryAfter)
///     case .retryWhenOnline: showOfflineBanner()
///     default: report(error)
///     }
/// }
/// ```
///
/// An error never contains a token or a key: its ``description``, its ``message`` and what `dump` shows are
/// written from facts that are safe to log, and a message January sent is cleaned before it is kept. The
/// ``underlyingError`` is available to your code, but the description names only its type, because an error
/// thrown by your own token provider may hold anything.
public struct JanuaryError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What kind of failure this is; see ``Category`` for what to do about each.
    public var category: Category {
        storage.category
    }

    /// The stable code of the failure: January's own (`invalid_request`, `token_expired`, `rate_limited`, …)
    /// when January answered, or the SDK's (`signed_out`, `invalid_end_user_id`, …) when it refused or
    /// gave up on its own; `nil` when there is none, such as for most network failures.
    ///
    /// Compare it with the constants of ``Code`` (`error.code == .creditLimitExceeded`) or with a string literal
    /// (`error.code == "credit_limit_exceeded"`). Codes are lower-case words joined by underscores. New ones may
    /// appear at any time, so treat an unknown code by its ``category``.
    public var code: Code? {
        storage.code
    }

    /// A developer-facing explanation, safe to log: January's message when it sent one, otherwise the SDK's.
    /// For text to show your users, use `localizedDescription` (``errorDescription``).
    ///
    /// A message from January is kept to 500 characters, without control characters, and with anything that
    /// looks like a key or token (`sk-…`, `ct-…`) replaced by `<redacted>`. Show it to developers, not users,
    /// and never parse it.
    public var message: String {
        storage.message
    }

    /// The HTTP status code of January's response, when the failure came from one.
    public var statusCode: Int? {
        storage.statusCode
    }

    /// January's identifier for the request, from the `x-request-id` response header, when there was one.
    ///
    /// Quote it when you contact January support: it identifies the request in January's logs.
    public var requestID: String? {
        storage.requestID
    }

    /// How many seconds to wait before trying again, when January said so (`Retry-After`) or the SDK knows
    /// (a back-off or cool-down in progress); `nil` otherwise.
    public var retryAfter: TimeInterval? {
        storage.retryAfter
    }

    /// The error that caused this one, such as a `URLError` or the error your token provider threw.
    public var underlyingError: (any Error)? {
        storage.underlyingError
    }

    /// Whether the request may have reached January and acted there although it failed: `true` exactly when a
    /// request the SDK does not send twice after an unknown outcome (a create: `createFoodLog`, `createWaterLog`,
    /// `createWeightLog`, or a raw request whose `JanuaryRequest.replay` is not `safe`) got no answer (a timeout, a
    /// lost connection), a `2xx` it could not read, or a `5xx`.
    ///
    /// January does not deduplicate creates, so the SDK did not send it again. Before you do, check: list the
    /// day's logs and look for it. `false` for every failure that proves nothing happened (a `4xx`, a `429`, a
    /// request refused before sending) and for requests that are safe to send again.
    public var mayHaveTakenEffect: Bool {
        storage.mayHaveTakenEffect
    }

    /// Creates an error.
    ///
    /// The SDK creates these for you; the initializer is public so that your tests can stand in for the SDK.
    ///
    /// - Parameters:
    ///   - category: What kind of failure this is.
    ///   - code: The stable code, if any, such as `.rateLimited`.
    ///   - message: A human-readable explanation. Do not put secrets in it.
    ///   - statusCode: The HTTP status code of the response, if any.
    ///   - requestID: January's request identifier from the response, if any.
    ///   - retryAfter: Seconds to wait before trying again, if known.
    ///   - underlyingError: The error that caused this one, if any.
    ///   - mayHaveTakenEffect: Whether the request may have acted at January although it failed.
    public init(
        category: Category,
        code: Code? = nil,
        message: String,
        statusCode: Int? = nil,
        requestID: String? = nil,
        retryAfter: TimeInterval? = nil,
        underlyingError: (any Error)? = nil,
        mayHaveTakenEffect: Bool = false
    ) {
        storage = Storage(
            category: category,
            code: code,
            message: message,
            statusCode: statusCode,
            requestID: requestID,
            retryAfter: retryAfter,
            underlyingError: underlyingError,
            mayHaveTakenEffect: mayHaveTakenEffect
        )
    }

    /// The fields, in one immutable object: an error is copied into every result, enum and closure that passes it
    /// on, and one reference is a single retain where eight fields were four, and a fraction of the copying code
    /// (issue 45: the SDK's size in an app).
    private let storage: Storage

    private final class Storage: Sendable {
        let category: Category
        let code: Code?
        let message: String
        let statusCode: Int?
        let requestID: String?
        let retryAfter: TimeInterval?
        let underlyingError: (any Error)?
        let mayHaveTakenEffect: Bool

        init(
            category: Category,
            code: Code?,
            message: String,
            statusCode: Int?,
            requestID: String?,
            retryAfter: TimeInterval?,
            underlyingError: (any Error)?,
            mayHaveTakenEffect: Bool
        ) {
            self.category = category
            self.code = code
            self.message = message
            self.statusCode = statusCode
            self.requestID = requestID
            self.retryAfter = retryAfter
            self.underlyingError = underlyingError
            self.mayHaveTakenEffect = mayHaveTakenEffect
        }
    }

    /// A one-line summary that is safe to log: category, code, message, status code, request ID, retry delay,
    /// whether the request may have taken effect, and the type of the underlying error.
    public var description: String {
        var parts = [code.map { "\(category) (\($0)): \(message)" } ?? "\(category): \(message)"]
        if let statusCode {
            parts.append("status \(statusCode)")
        }
        if let requestID {
            parts.append("request ID \(requestID)")
        }
        if let retryAfter {
            parts.append("retry after \(Self.seconds(retryAfter)) s")
        }
        if mayHaveTakenEffect {
            parts.append("may have taken effect")
        }
        if let underlyingSummary {
            parts.append("caused by \(underlyingSummary)")
        }
        return "JanuaryError(" + parts.joined(separator: ", ") + ")"
    }

    /// The same text as ``description``.
    public var debugDescription: String {
        description
    }

    /// The underlying error as it may be shown: a nested `JanuaryError` in full (it is redacted itself), any
    /// other error by its type only.
    private var underlyingSummary: String? {
        guard let underlyingError else {
            return nil
        }
        if let january = underlyingError as? JanuaryError {
            return january.description
        }
        return String(reflecting: type(of: underlyingError))
    }

    /// Whole seconds without a fraction, others with three decimals, so that messages read naturally.
    package static func seconds(_ value: TimeInterval) -> String {
        if value.rounded() == value, abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(format: "%.3f", value)
    }
}

extension JanuaryError: LocalizedError {
    /// One plain sentence that a user may see, such as in a SwiftUI alert through `localizedDescription`: it
    /// says what happened in everyday words, without type names, codes, request IDs or January's developer
    /// message. Log ``description`` instead; it keeps every detail.
    public var errorDescription: String? {
        userSentence.english
    }
}

extension JanuaryError: CustomReflectable {
    /// A mirror that shows only what ``description`` shows, so that `dump` cannot reach into an underlying
    /// error that might hold a secret.
    public var customMirror: Mirror {
        var children: [(label: String?, value: Any)] = [("category", category.description)]
        if let code {
            children.append(("code", code.rawValue))
        }
        children.append(("message", message))
        if let statusCode {
            children.append(("statusCode", statusCode))
        }
        if let requestID {
            children.append(("requestID", requestID))
        }
        if let retryAfter {
            children.append(("retryAfter", retryAfter))
        }
        if mayHaveTakenEffect {
            children.append(("mayHaveTakenEffect", true))
        }
        if let underlyingSummary {
            children.append(("underlyingError", underlyingSummary))
        }
        return Mirror(self, children: children, displayStyle: .struct)
    }
}

// It sits beside `JanuaryError` because it only carries one through JanuaryAuth's provider wrapping unchanged.

/// An error a token provider of the SDK's own (the token-endpoint helper) throws when it has already worded the
/// failure: the token cache hands ``error`` to the waiting requests as it is, instead of wrapping it as "the
/// provider threw". A `JanuaryError` thrown by a partner's own provider is still wrapped, so that an error from
/// some other call of theirs is never mistaken for the SDK's verdict.
package struct TokenProviderFailure: Error, Sendable {
    /// The error the waiting requests receive.
    package let error: JanuaryError

    /// Wraps `error`.
    ///
    /// - Parameter error: The error for the waiting requests.
    package init(_ error: JanuaryError) {
        self.error = error
    }
}
