import Foundation

/// What the simulator does with one request, whichever way the request reached it: answer, drop the connection,
/// or fail the exchange as the network would. Each may be held back by a scripted delay.
///
/// The loopback server turns it into a ``ScriptedResponse`` (``scriptedResponse``): a socket can only answer or
/// close, so both failures close the connection without a byte. In process, `SimulatorTransport` (in
/// `JanuaryPartnerSDKTesting`) answers, or throws the network error URLSession would have thrown.
package enum SimulatorAnswer: Sendable {
    /// Send this response (its `delay` is the scripted delay).
    case respond(ScriptedResponse)
    /// Close the connection without an answer, after `delay` seconds.
    case dropConnection(delay: TimeInterval)
    /// Fail without an answer as URLSession would with `code`, after `delay` seconds.
    case transportError(URLError.Code, delay: TimeInterval)

    /// The seconds the answer is held back.
    package var delay: TimeInterval {
        switch self {
        case .respond(let response): response.delay
        case .dropConnection(let delay), .transportError(_, let delay): delay
        }
    }

    /// The form the loopback server sends.
    var scriptedResponse: ScriptedResponse {
        switch self {
        case .respond(let response):
            response
        case .dropConnection(let delay), .transportError(_, let delay):
            ScriptedResponse(status: 0, delay: delay, behavior: .closeWithoutResponse)
        }
    }
}
