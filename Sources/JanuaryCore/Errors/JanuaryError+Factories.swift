// Shorthands for the SDK's own modules, so that every layer words the same failure the same way.
extension JanuaryError {
    package static func authentication(
        _ message: String,
        statusCode: Int? = nil,
        requestID: String? = nil,
        underlyingError: (any Error)? = nil
    ) -> JanuaryError {
        JanuaryError(
            category: .authentication,
            message: message,
            statusCode: statusCode,
            requestID: requestID,
            underlyingError: underlyingError
        )
    }

    package static func tokenProvider(_ message: String, underlyingError: (any Error)? = nil) -> JanuaryError {
        JanuaryError(category: .tokenProvider, message: message, underlyingError: underlyingError)
    }

    package static func network(_ message: String, underlyingError: (any Error)? = nil) -> JanuaryError {
        JanuaryError(category: .network, message: message, underlyingError: underlyingError)
    }

    package static func invalidInput(
        _ message: String,
        statusCode: Int? = nil,
        requestID: String? = nil
    ) -> JanuaryError {
        JanuaryError(category: .invalidInput, message: message, statusCode: statusCode, requestID: requestID)
    }

    package static func cancelled(_ message: String = "The operation was cancelled.") -> JanuaryError {
        JanuaryError(category: .cancelled, message: message, underlyingError: CancellationError())
    }

    /// Whether this error means the work was cancelled rather than failed.
    package var isCancellation: Bool {
        category == .cancelled
    }
}
