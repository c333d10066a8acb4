/// The one error type every January SDK operation throws.
///
/// A `JanuaryError` tells you *what kind* of thing went wrong through its ``category``, and carries what
/// January told us about it: the HTTP ``statusCode`` and the ``requestID`` to quote to January support.
///
/// Categories are an extensible set of values rather than an exhaustive enum, so a new category in a later
/// release does not break your `switch`. Always include a `default` branch:
///
/// ```swift
/// do {
///     let response = try await january.send(request)
/// } catch let error as JanuaryError {
///     switch error.category {
///     case .authentication: showSignIn()
///     case .network: scheduleRetry()
///     default: report(error)
///     }
/// }
/// ```
///
/// An error never contains a token or a key: its ``description``, its ``message`` and what `dump` shows are
/// written by the SDK from facts that are safe to log. The ``underlyingError`` is available to your code, but
/// the description names only its type, because an error thrown by your own token provider may hold anything.
public struct JanuaryError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What kind of failure this is; see ``Category`` for what to do about each.
    public let category: Category

    /// A human-readable explanation, safe to log. Never contains a credential.
    public let message: String

    /// The HTTP status code of January's response, when the failure came from one.
    public let statusCode: Int?

    /// The value of January's `X-January-API-Request-ID` response header, when there was a response.
    ///
    /// Quote it when you contact January support: it identifies the request in January's logs.
    public let requestID: String?

    /// The error that caused this one, such as a `URLError` or the error your token provider threw.
    public let underlyingError: (any Error)?

    /// Creates an error.
    ///
    /// The SDK creates these for you; the initializer is public so that your tests can stand in for the SDK.
    ///
    /// - Parameters:
    ///   - category: What kind of failure this is.
    ///   - message: A human-readable explanation. Do not put secrets in it.
    ///   - statusCode: The HTTP status code of the response, if any.
    ///   - requestID: January's request identifier from the response, if any.
    ///   - underlyingError: The error that caused this one, if any.
    public init(
        category: Category,
        message: String,
        statusCode: Int? = nil,
        requestID: String? = nil,
        underlyingError: (any Error)? = nil
    ) {
        self.category = category
        self.message = message
        self.statusCode = statusCode
        self.requestID = requestID
        self.underlyingError = underlyingError
    }

    /// A one-line summary that is safe to log: category, message, status code, request ID and the type of the
    /// underlying error.
    public var description: String {
        var parts = ["\(category): \(message)"]
        if let statusCode {
            parts.append("status \(statusCode)")
        }
        if let requestID {
            parts.append("request ID \(requestID)")
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
}

extension JanuaryError: CustomReflectable {
    /// A mirror that shows only what ``description`` shows, so that `dump` cannot reach into an underlying
    /// error that might hold a secret.
    public var customMirror: Mirror {
        var children: [(label: String?, value: Any)] = [
            ("category", category.description),
            ("message", message),
        ]
        if let statusCode {
            children.append(("statusCode", statusCode))
        }
        if let requestID {
            children.append(("requestID", requestID))
        }
        if let underlyingSummary {
            children.append(("underlyingError", underlyingSummary))
        }
        return Mirror(self, children: children, displayStyle: .struct)
    }
}
