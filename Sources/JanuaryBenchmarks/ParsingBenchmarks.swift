import Foundation
import JanuaryTransport

/// Figure 4: challenge parsing, and that its cost per byte does not grow with the header's size.
enum ParsingBenchmarks {
    static let typical =
        #"Bearer realm="january", error="invalid_token", error_description="The access token expired""#

    /// Several Bearer and Basic challenges, with quoted commas and escapes, repeated to `size` bytes.
    static func multiChallenge(size: Int) -> String {
        let unit = #"Basic realm="a, \"quoted\" realm", Bearer realm="january", error="invalid_token", "#
            + #"scope="meals:read meals:write", Digest nonce="abc=", token68x abc123==, "#
        var header = ""
        while header.utf8.count + unit.utf8.count <= size {
            header += unit
        }
        header += String(repeating: "x", count: size - header.utf8.count)
        return header
    }

    static func nanosecondsPerHeader(_ header: String, rounds: Int, iterations: Int) -> Double {
        var samples: [Double] = []
        for _ in 0..<rounds {
            let start = nowNanoseconds()
            for _ in 0..<iterations {
                blackHole(AuthenticationChallenge.parse(header))
            }
            samples.append(Double(nowNanoseconds() - start) / Double(iterations))
        }
        return median(samples)
    }

    static func figures(rounds: Int) -> [Figure] {
        let typicalNanoseconds = nanosecondsPerHeader(typical, rounds: rounds, iterations: 20_000)
        let small = multiChallenge(size: 256)
        let large = multiChallenge(size: 4096)
        let smallPerByte = nanosecondsPerHeader(small, rounds: rounds, iterations: 4_000) / 256
        let largePerByte = nanosecondsPerHeader(large, rounds: rounds, iterations: 250) / 4096
        return [
            Figure(
                name: "4a. parse a typical Bearer invalid_token header",
                value: typicalNanoseconds,
                unit: "ns/header",
                baseline: nil,
                ratioTarget: nil,
                valueTarget: nil,
                note: "\(typical.utf8.count) bytes"
            ),
            Figure(
                name: "4b. parse a 4 KiB multi-challenge header",
                value: largePerByte * 4096,
                unit: "ns/header",
                baseline: nil,
                ratioTarget: nil,
                valueTarget: nil,
                note: ""
            ),
            Figure(
                name: "4c. ns/byte at 4 KiB vs 256 B",
                value: largePerByte,
                unit: "ns/byte",
                baseline: smallPerByte,
                ratioTarget: 1.5,
                valueTarget: nil,
                note: "linear growth keeps the ratio near 1"
            ),
        ]
    }
}
