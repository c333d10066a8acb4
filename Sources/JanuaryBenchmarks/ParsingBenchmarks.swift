import Foundation
import JanuaryTransport

/// Figure 4: challenge parsing, and that its cost per byte does not grow with the header's size.
enum ParsingBenchmarks {
    static let typical =
        #"Bearer realm="january", error="invalid_token", error_description="The access token expired""#

    /// The same mix of Bearer, Basic, Digest and token68 challenges, with quoted commas and escapes, repeated
    /// as many whole times as fit in `size` bytes, so that a small and a large header differ only in length.
    static func multiChallenge(size: Int) -> String {
        // Exactly 128 bytes: 256 B is 2 units and 4 KiB is 32.
        let unit =
            #"Basic realm="a, \"quoted\" realm", Bearer realm="january", error="invalid_token", "#
            + #"scope="x", Digest nonce="abc=", Token68 abc=, "#
        assert(unit.utf8.count == 128)
        return String(repeating: unit, count: max(1, size / unit.utf8.count))
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

    /// Inputs built to trip a parser into quadratic work: an unterminated quoted string, runs of commas,
    /// equals signs and backslashes, challenges with no parameters, and a token68 that never ends.
    static let adversarialUnits: [(name: String, prefix: String, unit: String)] = [
        ("unterminated quote", #"Bearer realm=""#, "a, b=\\\""),
        ("commas", "Bearer ", ", "),
        ("equals", "Bearer a", "="),
        ("empty challenges", "", "Bearer, "),
        ("parameters", "Bearer ", "k=v, "),
        ("token68", "Bearer ", "abc+/"),
    ]

    static func adversarial(_ entry: (name: String, prefix: String, unit: String), size: Int) -> String {
        entry.prefix + String(repeating: entry.unit, count: (size - entry.prefix.utf8.count) / entry.unit.utf8.count)
    }

    /// The worst growth of cost per byte from 1 KiB to just under the 16 KiB limit over the adversarial inputs.
    static func adversarialFigure(rounds: Int) -> Figure {
        var worst: (name: String, ratio: Double, small: Double, large: Double) = ("", 0, 0, 0)
        for entry in adversarialUnits {
            let small = adversarial(entry, size: 1024)
            let large = adversarial(entry, size: 16_000)
            let smallPerByte =
                nanosecondsPerHeader(small, rounds: rounds, iterations: 400) / Double(small.utf8.count)
            let largePerByte =
                nanosecondsPerHeader(large, rounds: rounds, iterations: 25) / Double(large.utf8.count)
            if largePerByte / smallPerByte > worst.ratio {
                worst = (entry.name, largePerByte / smallPerByte, smallPerByte, largePerByte)
            }
        }
        return Figure(
            name: "4d. worst adversarial ns/byte at 16 KB vs 1 KiB",
            value: worst.large,
            unit: "ns/byte",
            baseline: worst.small,
            ratioTarget: 1.5,
            valueTarget: nil,
            note: "worst of \(adversarialUnits.count) patterns: \(worst.name)"
        )
    }

    static func figures(rounds: Int) -> [Figure] {
        let typicalNanoseconds = nanosecondsPerHeader(typical, rounds: rounds, iterations: 20_000)
        let small = multiChallenge(size: 256)
        let large = multiChallenge(size: 4096)
        let smallBytes = Double(small.utf8.count)
        let largeBytes = Double(large.utf8.count)
        let smallPerByte = nanosecondsPerHeader(small, rounds: rounds, iterations: 4_000) / smallBytes
        let largePerByte = nanosecondsPerHeader(large, rounds: rounds, iterations: 250) / largeBytes
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
                value: largePerByte * largeBytes,
                unit: "ns/header",
                baseline: nil,
                ratioTarget: nil,
                valueTarget: nil,
                note: "\(large.utf8.count) bytes, \(AuthenticationChallenge.parse(large).count) challenges"
            ),
            Figure(
                name: "4c. ns/byte at 4 KiB vs 256 B",
                value: largePerByte,
                unit: "ns/byte",
                baseline: smallPerByte,
                ratioTarget: 1.5,
                valueTarget: nil,
                note:
                    "\(large.utf8.count) B vs \(small.utf8.count) B of the same challenges; linear cost keeps it near 1"
            ),
            adversarialFigure(rounds: rounds),
        ]
    }
}
