@testable import BulletinData
import Testing

/// The index builder's own decimal writer for ids (``IndexBuilder/decimal(_:)``) gives exactly
/// `String(number)`: the ids' text is what ``RecordID`` makes of the number.
struct IndexBuilderDecimalTests {
    @Test("edges and random numbers: the text of String(number)")
    func sameAsString() {
        var numbers: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, 1_000_000, -99_999_999_999_999, -100_000_000_000_000,
                                999_999_999_999_999, 1_000_000_000_000_000, .max, .min, .min + 1]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 { numbers.append(Int64.random(in: .min ... .max, using: &random) >> Int64.random(in: 0...63, using: &random)) }
        for number in numbers {
            #expect(IndexBuilder.decimal(number) == String(number), "\(number)")
        }
    }
}
