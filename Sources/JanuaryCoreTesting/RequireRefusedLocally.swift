import Foundation
import JanuaryCore

// The one "refused locally" check of every test target. It lives at the Core level, beside the deadline helpers,
// because `JanuaryError` is a Core type: Transport's tests and the SDK's tests both reach it without building a
// layer above their own. Like the deadline helpers it throws instead of recording through the Testing library, so
// that this product-side module does not link Testing into a partner's app or our executables.

/// Runs `body` and requires it to be refused before anything was sent: it must throw a ``JanuaryError`` of category
/// `invalidInput` with the given code, no HTTP status, no request ID, not taken effect, a message that names `field`,
/// no `secrets` in its message, description or dump, and `outbound` must not have grown while `body` ran.
///
/// - Parameters:
///   - code: The error code the refusal must carry.
///   - field: Text the message must contain, usually the name of the refused field; `nil` to not check.
///   - secrets: Values the error must never echo (tokens, keys, a refused value that may be personal data).
///   - outbound: What has left the code under test so far (requests a server or simulator received, token
///     fetches), read before and after `body`; anything it gains while `body` runs was sent, so the refusal was
///     not local.
///   - file: The caller's file, for the error.
///   - line: The caller's line, for the error.
///   - body: The call that must be refused.
/// - Returns: The refusal, for checks of the caller's own.
/// - Throws: ``RefusalMismatch`` naming everything the refusal got wrong.
@discardableResult
package func requireRefusedLocally(
    code: String = "invalid_request",
    naming field: String? = nil,
    hiding secrets: [String] = [],
    outbound: @autoclosure () -> [String] = [],
    file: String = #fileID,
    line: Int = #line,
    _ body: () async throws -> Void
) async throws -> JanuaryError {
    let before = outbound()
    let thrown: (any Error)?
    do {
        try await body()
        thrown = nil
    } catch {
        thrown = error
    }
    // What `outbound` gained: its entries after the call less those it had before, counted as a multiset, so that
    // an `outbound` made of several logs may grow in any of them.
    var sent = outbound()
    for entry in before {
        if let index = sent.firstIndex(of: entry) {
            sent.remove(at: index)
        }
    }
    guard let error = thrown as? JanuaryError else {
        let outcome = thrown.map { "threw \(type(of: $0)): \($0)" } ?? "succeeded"
        throw RefusalMismatch(file: file, line: line, problems: ["expected a JanuaryError, but the call \(outcome)"])
    }
    var problems: [String] = []
    if error.category != .invalidInput {
        problems.append("category is \(error.category), not invalidInput")
    }
    if error.code?.rawValue != code {
        problems.append("code is \(error.code?.rawValue ?? "nil"), not \(code)")
    }
    if let statusCode = error.statusCode {
        problems.append("status \(statusCode): a server answered, so the request was sent")
    }
    if let requestID = error.requestID {
        problems.append("request ID \(requestID): a server answered, so the request was sent")
    }
    if error.mayHaveTakenEffect {
        problems.append("says it may have taken effect, but nothing was sent")
    }
    if let field, !error.message.contains(field) {
        problems.append("the message does not name \(field)")
    }
    var dump = ""
    Swift.dump(error, to: &dump)
    let echoed = secrets.filter { secret in [error.message, error.description, dump].contains { $0.contains(secret) } }
    for secret in echoed {
        problems.append("echoes a secret of \(secret.count) characters")
    }
    if !sent.isEmpty {
        problems.append("sent while refusing: \(sent.joined(separator: ", "))")
    }
    guard problems.isEmpty else {
        // The error's own text is shown only when it echoes no secret, so that the failure does not repeat it.
        let shown = echoed.isEmpty ? ["the error: \(error)"] : []
        throw RefusalMismatch(file: file, line: line, problems: problems + shown)
    }
    return error
}

/// What ``requireRefusedLocally(code:naming:hiding:outbound:file:line:_:)`` found wrong with a refusal.
package struct RefusalMismatch: Error, CustomStringConvertible {
    /// Where the check was called.
    package let file: String
    package let line: Int
    /// Each thing that differs from a local refusal, in words.
    package let problems: [String]

    package var description: String {
        "\(file):\(line): not refused locally: \(problems.joined(separator: "; "))"
    }
}
