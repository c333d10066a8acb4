/// Which redirects a request may follow, decided where the request is made and kept by ``RedirectPolicy`` at each
/// hop.
///
/// A struct around a flag rather than a two-case enum: an enum brings value witnesses for its spare bit patterns and
/// an implicit `Hashable` conformance that nothing here uses, about 0.5 KB of an app.
package struct RedirectScope: Sendable {
    /// Whether a redirect to another origin ends the chain.
    let isSameOriginOnly: Bool

    /// Any origin, with `Authorization` and `Proxy-Authorization` removed once the chain leaves the request's own
    /// origin: the rule for January's requests, whose only credential is one of those fields.
    package static var anyOriginWithoutCredential: RedirectScope {
        RedirectScope(isSameOriginOnly: false)
    }

    /// The request's own origin only; a redirect elsewhere ends the chain and its 3xx is the answer. For a request
    /// that carries fields the policy cannot tell apart from a credential (the partner's `Cookie` or session
    /// header to its own token endpoint).
    package static var sameOriginOnly: RedirectScope {
        RedirectScope(isSameOriginOnly: true)
    }
}
