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
