import Foundation
import Testing

@testable import BulletinData

/// The fold table the byte scan of Search uses (issue 23): each code point it folds
/// itself, folded alone, joins into the fold of a whole text, so folding byte by byte is exact.
@Suite("Search fold table")
struct SearchFoldTableTests {
    /// The code points the table folds, with their folded bytes.
    static let entries: [(scalar: Unicode.Scalar, folded: [UInt8])] = (0..<RecordTextSearch.foldEntries).compactMap { entry in
        let slot = entry * 8
        let table = RecordTextSearch.foldTable
        guard table[slot] != 0xFF, let scalar = Unicode.Scalar(RecordTextSearch.codePoint(ofEntry: entry)) else { return nil }
        return (scalar, Array(table[(slot + 1)..<(slot + 1 + Int(table[slot]))]))
    }

    @Test("accents, case and scripts fold as TextFolding folds them; combining marks are left out")
    func knownEntries() throws {
        let byScalar = Dictionary(uniqueKeysWithValues: Self.entries.map { ($0.scalar.value, $0.folded) })
        #expect(byScalar[0xE9] == Array("e".utf8) && byScalar[0xC9] == Array("e".utf8))
        #expect(byScalar[0xDF] == Array("ss".utf8))
        #expect(byScalar[0x416] == Array("ж".utf8) && byScalar[0x3A3] == Array("σ".utf8))
        #expect(byScalar[0x301] == nil && byScalar[0x308] == nil, "combining marks are not folded by the scan")
        #expect(byScalar[0x6771] == Array("東".utf8) && byScalar[0xFB01] == Array("fi".utf8) && byScalar[0x212A] == Array("k".utf8))
        #expect(byScalar[0x1F600] == Array("😀".utf8) && byScalar[0x1100] == nil, "emoji fold, jamo are left out")
        #expect(Self.entries.count > 50_000)
    }

    @Test("every entry folds the same between ASCII letters and digits as alone")
    func everyEntryBetweenASCII() {
        for entry in Self.entries {
            for (before, after) in [("a", "b"), ("9", "Z"), ("", "e")] {
                let text = before + String(Character(entry.scalar)) + after
                let joined = TextFolding.foldedUTF8(before) + entry.folded + TextFolding.foldedUTF8(after)
                #expect(TextFolding.foldedUTF8(text) == joined, "U+\(String(entry.scalar.value, radix: 16)) in \(text.debugDescription)")
            }
        }
    }

    @Test("a text of ASCII and table characters folds as its characters folded one by one, joined")
    func joinsExactly() {
        var generator = SystemRandomNumberGenerator()
        let ascii = Array("aZ09 .,'\"\\-")
        for _ in 0..<50_000 {
            var text = ""
            var joined: [UInt8] = []
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                if Bool.random(using: &generator) {
                    let character = ascii.randomElement(using: &generator)!
                    text.append(character)
                    joined += TextFolding.foldedUTF8(String(character))
                } else {
                    let entry = Self.entries.randomElement(using: &generator)!
                    text.unicodeScalars.append(entry.scalar)
                    joined += entry.folded
                }
            }
            #expect(TextFolding.foldedUTF8(text) == joined, "\(text.debugDescription)")
        }
    }
}
