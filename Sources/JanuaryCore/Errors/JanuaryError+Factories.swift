import Foundation

// Shorthands for the SDK's own modules, so that every layer words the same failure the same way.
extension JanuaryError {
    package static func authentication(
        _ message: String,
        code: String? = nil,
        statusCode: Int? = nil,
        requestID: String? = nil,
        retryAfter: TimeInterval? = nil,
        underlyingError: (any Error)? = nil
    ) -> JanuaryError {
        JanuaryError(
            category: .authentication,
            code: code,
            message: message,
            statusCode: statusCode,
            requestID: requestID,
            retryAfter: retryAfter,
            underlyingError: underlyingError
        )
    }

    package static func tokenProvider(
        _ message: String,
        code: String? = nil,
        retryAfter: TimeInterval? = nil,
        underlyingError: (any Error)? = nil
    ) -> JanuaryError {
        JanuaryError(
            category: .tokenProvider,
            code: code,
            message: message,
            retryAfter: retryAfter,
            underlyingError: underlyingError
        )
    }

    package static func network(
        _ message: String,
        code: String? = nil,
        underlyingError: (any Error)? = nil
    ) -> JanuaryError {
        JanuaryError(category: .network, code: code, message: message, underlyingError: underlyingError)
    }

    /// A request refused by a local check: `code` is January's `invalid_request` unless a more precise one
    /// applies, so that code that branches on codes treats a local refusal like January's own.
    package static func invalidInput(
        _ message: String,
        code: String? = JanuaryError.Code.invalidRequest,
        statusCode: Int? = nil,
        requestID: String? = nil,
        underlyingError: (any Error)? = nil
    ) -> JanuaryError {
        JanuaryError(
            category: .invalidInput,
            code: code,
            message: message,
            statusCode: statusCode,
            requestID: requestID,
            underlyingError: underlyingError
        )
    }

    package static func cancelled(
        _ message: String = "The operation was cancelled.",
        code: String? = nil
    ) -> JanuaryError {
        JanuaryError(category: .cancelled, code: code, message: message, underlyingError: CancellationError())
    }

    /// Whether this error means the work was stopped rather than failed.
    package var isCancellation: Bool {
        category == .cancelled
    }
}

extension JanuaryError {
    /// The same error with ``retryAfter`` set, for a failure handed again to a request that arrives while the
    /// SDK waits out a back-off or cool-down.
    package func with(retryAfter seconds: TimeInterval) -> JanuaryError {
        JanuaryError(
            category: category,
            code: code,
            message: message,
            statusCode: statusCode,
            requestID: requestID,
            retryAfter: seconds,
            underlyingError: underlyingError,
            mayHaveTakenEffect: mayHaveTakenEffect
        )
    }

    /// The same error caused by `cause`, for a failure that followed another the app should still see, such as a
    /// provider failure after January refused the token. What caused this error before becomes the cause's
    /// ``underlyingError``, so nothing is lost.
    ///
    /// - Parameter cause: The earlier failure.
    /// - Returns: The error, with `cause` as its ``underlyingError``.
    package func with(cause: JanuaryError) -> JanuaryError {
        let chained = JanuaryError(
            category: cause.category,
            code: cause.code,
            message: cause.message,
            statusCode: cause.statusCode,
            requestID: cause.requestID,
            retryAfter: cause.retryAfter,
            underlyingError: underlyingError
        )
        return JanuaryError(
            category: category,
            code: code,
            message: message,
            statusCode: statusCode,
            requestID: requestID,
            retryAfter: retryAfter,
            underlyingError: chained,
            mayHaveTakenEffect: mayHaveTakenEffect
        )
    }

    /// The same error with another message, for a layer that knows more about what it means.
    package func with(message newMessage: String) -> JanuaryError {
        JanuaryError(
            category: category,
            code: code,
            message: newMessage,
            statusCode: statusCode,
            requestID: requestID,
            retryAfter: retryAfter,
            underlyingError: underlyingError,
            mayHaveTakenEffect: mayHaveTakenEffect
        )
    }

    /// The same error, for a request the SDK did not send again although it may have reached January: the
    /// message says so and how to check, and ``mayHaveTakenEffect`` is `true`.
    ///
    /// - Parameter note: What to add to the message.
    /// - Returns: The error, marked.
    package func withOutcomeUnknown(note: String) -> JanuaryError {
        JanuaryError(
            category: category,
            code: code,
            message: message + note,
            statusCode: statusCode,
            requestID: requestID,
            retryAfter: retryAfter,
            underlyingError: underlyingError,
            mayHaveTakenEffect: true
        )
    }
}
