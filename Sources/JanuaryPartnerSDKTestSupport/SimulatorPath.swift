// Our own tests' harness, which drives the loopback server: compiled out where JanuaryTestServer has none (watchOS,
// and the same shape under JANUARY_NO_LOOPBACK_SERVER), since our tests do not run there.
#if !os(watchOS) && !JANUARY_NO_LOOPBACK_SERVER
/// Which way a ``ClientHarness``'s client reaches the simulator, for suites that run once each way and expect
/// the same outcomes.
package enum SimulatorPath: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Real HTTP: the client's own URLSession transport to the simulator's loopback server.
    case loopback
    /// No socket: `SimulatorTransport` hands each request to the simulator in process.
    case inProcess

    package var description: String {
        rawValue
    }
}
#endif
