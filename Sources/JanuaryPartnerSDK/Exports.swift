// `import JanuaryPartnerSDK` is all an app needs: the error, identifier and credential types from the core, and
// the event and backoff types that appear in the client's configuration.
@_exported import JanuaryAuth
@_exported import JanuaryCore
