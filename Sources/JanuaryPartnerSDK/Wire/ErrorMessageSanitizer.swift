import Foundation

/// Cleans a message January (or anything pretending to be January) sent, before it goes into an error that
/// apps log and show: control and invisible formatting characters are removed, anything shaped like a key or
/// token (`sk-…`, `ct-…`) becomes `<redacted>`, and the result is capped at ``maximumLength`` characters.
enum ErrorMessageSanitizer {
    /// The longest message kept, in characters.
    static let maximumLength = 500

    private static let placeholder = "<redacted>"

    /// The cleaned message, or `nil` when nothing printable is left.
    static func clean(_ message: String) -> String? {
        // Redacted before and after the unwanted characters go: a control character can be the boundary that
        // starts a credential (`req\0sk-…` would read `reqsk-…` after), or split its prefix (`s\0k-…`).
        var scalars = String.UnicodeScalarView()
        for scalar in redactCredentials(in: message.unicodeScalars) where !isUnwanted(scalar) {
            scalars.append(scalar)
        }
        let redacted = redactCredentials(in: scalars)
        let trimmed = String(redacted).trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            return nil
        }
        guard trimmed.count > maximumLength else {
            return trimmed
        }
        return String(trimmed.prefix(maximumLength - 1)) + "…"
    }

    /// `text` with every `sk-…` or `ct-…` run replaced by `<redacted>`, for the values of a response that end up
    /// in errors and logs beside the message (January's code, the request ID).
    static func redactingCredentials(in text: String) -> String {
        guard text.contains("sk-") || text.contains("ct-") else {
            return text
        }
        return String(redactCredentials(in: text.unicodeScalars))
    }

    /// Control characters (Cc) end lines or move the cursor in a log; format characters (Cf), such as
    /// right-to-left overrides, can make a log line read as something else. Tabs become nothing too.
    private static func isUnwanted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator:
            true
        default:
            false
        }
    }

    /// Replaces every `sk-…` or `ct-…` run (a word boundary, the prefix, then one or more `[A-Za-z0-9_-]`) by the
    /// placeholder, as January's own server SDKs redact them.
    private static func redactCredentials(in scalars: String.UnicodeScalarView) -> String.UnicodeScalarView {
        let input = Array(scalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < input.count {
            let atBoundary = index == 0 || !isWordCharacter(input[index - 1])
            if atBoundary, index + 3 < input.count, isCredentialPrefix(input[index], input[index + 1]),
                input[index + 2] == "-", isTokenCharacter(input[index + 3])
            {
                var end = index + 3
                while end < input.count, isTokenCharacter(input[end]) {
                    end += 1
                }
                output.append(contentsOf: placeholder.unicodeScalars)
                index = end
                continue
            }
            output.append(input[index])
            index += 1
        }
        return output
    }

    private static func isCredentialPrefix(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        (first == "s" && second == "k") || (first == "c" && second == "t")
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
    }

    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isWordCharacter(scalar) || scalar == "-"
    }
}
