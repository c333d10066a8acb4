import Testing

/// The suites that hold the simulator to January's contract: the conformance tables and one suite per
/// strictness rule. They run one case at a time: hundreds of short synchronous cases in parallel would hold
/// every thread of the cooperative pool (two on CI) and starve the socket and clock tests beside them.
@Suite("Simulator conformance", .serialized, suiteTimeLimit())
enum SimulatorConformance {}
