@testable import BulletinFeatures
import Testing

/// The filter's byte search (memmem, 32 positions at a time on AVX2) finds what a plain scan finds.
struct ByteSearchTests {
    /// The first offset at or after `position` where `needle` starts, by comparing every place.
    static func naive(_ needle: [UInt8], in haystack: [UInt8], from position: Int) -> Int? {
        guard !needle.isEmpty, haystack.count - position >= needle.count else { return nil }
        return (position...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    @Test("random text of a three-letter alphabet: every needle of 1 to 40 bytes, haystacks of 0 to 300 bytes")
    func matchesNaive() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        for _ in 0..<3000 {
            let haystack = (0..<Int(next() % 301)).map { _ in UInt8(ascii: "a") + UInt8(next() % 3) }
            let length = Int(next() % 40) + 1
            // Half the needles are taken from the haystack (a hit), half made up.
            var needle = (0..<length).map { _ in UInt8(ascii: "a") + UInt8(next() % 3) }
            if next() % 2 == 0, haystack.count >= length {
                let at = Int(next() % UInt64(haystack.count - length + 1))
                needle = Array(haystack[at..<(at + length)])
            }
            let from = haystack.isEmpty ? 0 : Int(next() % UInt64(haystack.count))
            #expect(ByteSearch.firstOffset(of: needle, in: haystack, from: from) == Self.naive(needle, in: haystack, from: from))
        }
    }

    @Test("a match in the last bytes, one cut by the end, and one across the 32-byte blocks")
    func edges() {
        let haystack = Array(String(repeating: "x", count: 100).utf8) + Array("needle".utf8)
        #expect(ByteSearch.firstOffset(of: Array("needle".utf8), in: haystack, from: 0) == 100)
        #expect(ByteSearch.firstOffset(of: Array("needles".utf8), in: haystack, from: 0) == nil)
        var crossing = [UInt8](repeating: UInt8(ascii: "y"), count: 64)
        crossing.replaceSubrange(30..<36, with: Array("needle".utf8))
        #expect(ByteSearch.firstOffset(of: Array("needle".utf8), in: crossing, from: 0) == 30)
        #expect(ByteSearch.firstOffset(of: Array("needle".utf8), in: crossing, from: 31) == nil)
    }
}
