/// Which redirects a request may follow, decided where the request is made and kept by ``RedirectPolicy`` at each
/// hop.
package enum RedirectScope: Sendable {
    /// Any origin, with `Authorization` and `Proxy-Authorization` removed once the chain leaves the request's own
    /// origin: the rule for January's requests, whose only credential is one of those fields.
    case anyOriginWithoutCredential
    /// The request's own origin only; a redirect elsewhere ends the chain and its 3xx is the answer. For a request
    /// that carries fields the policy cannot tell apart from a credential (the partner's `Cookie` or session
    /// header to its own token endpoint).
    case sameOriginOnly
}
