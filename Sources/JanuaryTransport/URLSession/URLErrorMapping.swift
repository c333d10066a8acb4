import Foundation
import JanuaryCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The delegate's completion is where a URLSession failure becomes the transport's error; the in-process test
// transport words its injected failures through it too.

/// Words a URLSession failure as a ``/JanuaryCore/JanuaryError`` of category
/// ``/JanuaryCore/JanuaryError/Category/network`` (``/JanuaryCore/JanuaryError/Category/timeout`` for a timeout),
/// keeping the original error as the underlying error. The wording is `NetworkFailure`'s, shared with the token
/// endpoint, App Transport Security included; messages never include the URL or any request content.
package enum URLErrorMapping {
    package static func networkError(for error: any Error) -> JanuaryError {
        guard let urlError = error as? URLError else {
            return .network("The request failed without an HTTP response.", underlyingError: error)
        }
        let failure = NetworkFailure(urlError)
        if failure.isTimeout {
            return JanuaryError(
                category: .timeout,
                code: failure.code,
                message: "The request timed out before January answered.",
                underlyingError: urlError
            )
        }
        return .network(failure.sentence, code: failure.code, underlyingError: urlError)
    }
}
