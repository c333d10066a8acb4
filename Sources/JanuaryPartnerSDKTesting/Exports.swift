// `import JanuaryPartnerSDKTesting` keeps giving a partner's tests everything they need: `ManualClock`, which fakes
// JanuaryAuth's clock and so lives with it, and the closure transport beside this file.
@_exported import JanuaryAuthTesting
