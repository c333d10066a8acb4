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

    /// One round: nanoseconds per parse of `header`.
    static func nanosecondsPerHeader(_ header: String, iterations: Int) -> Double {
        let start = nowNanoseconds()
        for _ in 0..<iterations {
            blackHole(AuthenticationChallenge.parse(header))
        }
        return Double(nowNanoseconds() - start) / Double(iterations)
    }

    /// Per round, ns/byte of `small` then of `large`, interleaved.
    static func perByte(
        small: String,
        smallIterations: Int,
        large: String,
        largeIterations: Int,
        rounds: Int
    ) -> (small: [Double], large: [Double]) {
        var smallSamples: [Double] = []
        var largeSamples: [Double] = []
        for _ in 0..<rounds {
            smallSamples.append(
                nanosecondsPerHeader(small, iterations: smallIterations) / Double(small.utf8.count)
            )
            largeSamples.append(
                nanosecondsPerHeader(large, iterations: largeIterations) / Double(large.utf8.count)
            )
        }
        return (smallSamples, largeSamples)
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
        var worst: (name: String, ratio: Double, small: [Double], large: [Double]) = ("", 0, [], [])
        for entry in adversarialUnits {
            let (small, large) = perByte(
                small: adversarial(entry, size: 1024),
                smallIterations: 400,
                large: adversarial(entry, size: 16_000),
                largeIterations: 25,
                rounds: rounds
            )
            let ratio = median(zip(large, small).map { $0 / $1 })
            if ratio > worst.ratio {
                worst = (entry.name, ratio, small, large)
            }
        }
        return Figure(
            id: "4d",
            name: "worst adversarial ns/byte at 16 KB",
            unit: "ns/byte",
            samples: worst.large,
            baseline: Baseline(name: "the same pattern at 1 KiB", samples: worst.small),
            target: .ratioAtMost(1.5),
            note: "worst of \(adversarialUnits.count) patterns: \(worst.name)"
        )
    }

    static func figures(rounds: Int) -> [Figure] {
        var typical: [Double] = []
        for _ in 0..<rounds {
            typical.append(nanosecondsPerHeader(Self.typical, iterations: 20_000))
        }
        let small = multiChallenge(size: 256)
        let large = multiChallenge(size: 4096)
        let (smallPerByte, largePerByte) = perByte(
            small: small,
            smallIterations: 4_000,
            large: large,
            largeIterations: 250,
            rounds: rounds
        )
        let largeBytes = Double(large.utf8.count)
        return [
            Figure(
                id: "4a",
                name: "parse a typical Bearer invalid_token header",
                unit: "ns/header",
                samples: typical,
                note: "\(Self.typical.utf8.count) bytes"
            ),
            Figure(
                id: "4b",
                name: "parse a 4 KiB multi-challenge header",
                unit: "ns/header",
                samples: largePerByte.map { $0 * largeBytes },
                note: "\(large.utf8.count) bytes, \(AuthenticationChallenge.parse(large).count) challenges"
            ),
            Figure(
                id: "4c",
                name: "ns/byte of a 4 KiB multi-challenge header",
                unit: "ns/byte",
                samples: largePerByte,
                baseline: Baseline(name: "the same challenge mix at \(small.utf8.count) B", samples: smallPerByte),
                target: .ratioAtMost(1.5),
                note: "linear cost keeps the ratio near 1"
            ),
            adversarialFigure(rounds: rounds),
        ]
    }
}
