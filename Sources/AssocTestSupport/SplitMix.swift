import Foundation

/// A small seeded random number generator (SplitMix64), so that randomised test data is the same
/// on every run and a failing case can be built again from its seed.
public struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    /// Creates the generator for `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

extension SplitMix {
    /// The environment variable that replaces the seed of every randomised test: a number (decimal
    /// or `0x` hexadecimal) repeats a run, `random` draws a fresh seed for each test.
    public static let seedVariable = "ASSOC_TEST_SEED"

    /// The generator for one randomised test: seeded with `seed`, or with what `ASSOC_TEST_SEED`
    /// says, and the seed printed with `test`'s name so that a failing run can be repeated.
    public static func forTest(_ test: String, seed: UInt64) -> SplitMix {
        var chosen = seed
        switch ProcessInfo.processInfo.environment[seedVariable] {
        case nil, "": break
        case "random": chosen = UInt64.random(in: .min ... .max)
        case let text?:
            if let number = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text) {
                chosen = number
            } else {
                print("\(test): \(seedVariable)=\(text) is neither a number nor 'random'; using the test's own seed")
            }
        }
        print("\(test): random seed \(chosen) (\(seedVariable)=\(chosen) repeats this run)")
        return SplitMix(seed: chosen)
    }
}
