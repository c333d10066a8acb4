import Foundation
import JanuaryCore

extension JanuaryError {
    /// What a support request about this error needs, as plain text to copy: the SDK version, the OS, and the
    /// error's category, code, HTTP status and January's request ID. Docs/Support.md says where to send it.
    ///
    /// Nothing else of the error goes in: not its message (which may quote the app's input), not its underlying
    /// error, and never a token, key or user ID. Each value is one the SDK already checked before keeping it (the
    /// code and request ID are dropped or redacted when they look like a credential), so the summary is safe to
    /// show to a user, log or attach to a ticket.
    ///
    /// ```swift
    /// do {
    ///     show(try await january.foods.get(barcode: scannedCode))
    /// } catch let error as JanuaryError {
    ///     showMessage(error.supportSummary)  // with a Copy button, for the user to send to your support
    /// }
    /// ```
    public var supportSummary: String {
        Self.supportSummary(
            sdkVersion: JanuaryPartnerClient.sdkVersion,
            operatingSystem: ProcessInfo.processInfo.operatingSystemVersionString,
            category: category.description,
            code: code?.rawValue,
            statusCode: statusCode,
            requestID: requestID,
            mayHaveTakenEffect: mayHaveTakenEffect
        )
    }

    /// The summary from its parts; the OS string is cut to one printable line, since the platform supplies it.
    static func supportSummary(
        sdkVersion: String,
        operatingSystem: String,
        category: String,
        code: String?,
        statusCode: Int?,
        requestID: String?,
        mayHaveTakenEffect: Bool
    ) -> String {
        let system = String(
            operatingSystem.unicodeScalars.prefix(120).map {
                $0.properties.generalCategory == .control ? " " : Character($0)
            }
        )
        var lines = [
            "January Partner SDK \(sdkVersion)",
            "OS: \(system)",
            "Category: \(category)",
            "Code: \(code ?? "none")",
            "HTTP status: \(statusCode.map(String.init) ?? "none (no answer from January)")",
            "Request ID: \(requestID ?? "none")",
        ]
        if mayHaveTakenEffect {
            lines.append("May have taken effect: yes")
        }
        return lines.joined(separator: "\n")
    }
}
