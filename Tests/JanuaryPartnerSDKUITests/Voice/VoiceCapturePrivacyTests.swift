import Foundation
import Testing

/// What Docs/Voice.md promises about the user's voice, checked in the code that handles it: every file of
/// `Sources/JanuaryPartnerSDKUI/Voice`, the iOS-only ones included, which no Linux test can run.
@Suite("Voice capture writes no audio, logs nothing and sends January only the text", suiteTimeLimit())
struct VoiceCapturePrivacyTests {
    /// The repository's root, where the sources were compiled; absent on a device.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let sourcesArePresent = FileManager.default.fileExists(atPath: #filePath)

    /// Each file's code lines, without comment lines (whose prose may name what the code never does).
    static func code() throws -> [String: [String]] {
        let folder = root.appendingPathComponent("Sources/JanuaryPartnerSDKUI/Voice")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var code: [String: [String]] = [:]
        for case let url as URL in files where url.pathExtension == "swift" {
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            code[url.lastPathComponent] = lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        }
        return code
    }

    @Test(.enabled(if: sourcesArePresent, "reads the repository's files"))
    func readsTheShells() throws {
        let files = try Self.code().keys
        for name in ["SpeechRecorder.swift", "VoiceCaptureModel.swift", "JanuaryVoiceCaptureView.swift"] {
            #expect(files.contains(name), "\(name) is not read")
        }
    }

    @Test(
        "no API that writes, records, stores or sends anything else appears",
        .enabled(if: sourcesArePresent, "reads the repository's files"),
        arguments: [
            // Files and recordings.
            "AVAudioFile", "AVAudioRecorder", "FileManager", "FileHandle", "write(to", "write(toFile", "createFile",
            "SFSpeechURLRecognitionRequest", "NSKeyedArchiver", "UserDefaults",
            // Logs.
            "print(", "debugPrint(", "dump(", "NSLog", "os_log", "Logger(", "import os", "OSLog",
            // Any network but the client's.
            "URLSession", "URLRequest",
        ])
    func forbidden(token: String) throws {
        for (file, lines) in try Self.code() {
            for line in lines where line.contains(token) {
                Issue.record("\(file): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }

    @Test(
        "the client is used for analyzeDescription alone, and the audio goes from one tap into the request",
        .enabled(if: sourcesArePresent, "reads the repository's files"))
    func onlyPaths() throws {
        let lines = try Self.code().values.joined()
        let clientCalls = lines.filter { $0.contains("client.") }
        #expect(clientCalls.count == 1)
        #expect(clientCalls.allSatisfy { $0.contains("client.foodAnalysis.analyzeDescription(") })
        #expect(lines.filter { $0.contains("installTap(") }.count == 1)
        // The tap's block: each buffer is appended to the request, and nothing else holds it.
        #expect(
            lines.filter { $0.contains("buffer") && !$0.contains("bufferSize") }.map {
                $0.trimmingCharacters(in: .whitespaces)
            } == [
                "{ buffer, _ in request.append(buffer) }"
            ])
    }
}
