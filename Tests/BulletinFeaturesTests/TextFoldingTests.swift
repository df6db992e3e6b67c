import BulletinData
import Foundation
import Testing

@testable import BulletinFeatures

/// Folding (case and accents, as Foundation does it) and highlight ranges (issue 7).
@Suite struct TextFoldingTests {
    @Test("case and accents fold away: É, é, e + combining acute all become e")
    func caseAndAccents() {
        #expect(TextFolding.fold("É") == "e")
        #expect(TextFolding.fold("é") == "e")
        #expect(TextFolding.fold("e\u{301}") == "e")
        #expect(TextFolding.fold("Åström ÇA") == "astrom ca")
        #expect(TextFolding.fold("ﬁ") == "fi")
    }

    @Test("ß and ẞ fold to ss, so 'strasse' finds 'Straße'")
    func sharpS() {
        #expect(TextFolding.fold("ß") == "ss")
        #expect(TextFolding.fold("ẞ") == "ss")
        let index = FindIndex(rowCount: 2, columnCount: 1) { row, _ in ["Straße", "Strasse"][row] }
        #expect(index.filter("STRASSE") == [0, 1])
        #expect(index.filter("ß") == [0, 1])
    }

    @Test("Turkish: İ folds to i, dotless ı stays ı (Foundation, locale-independent)")
    func turkishI() {
        #expect(TextFolding.fold("İstanbul") == "istanbul")
        #expect(TextFolding.fold("I") == "i")
        #expect(TextFolding.fold("ı") == "ı")
        let index = FindIndex(rowCount: 3, columnCount: 1) { row, _ in ["İzmir", "Diyarbakır", "ISPARTA"][row] }
        #expect(index.filter("i") == [0, 1, 2])   // İzmir, Diyarbakır (its dotted i), ISPARTA
        #expect(index.filter("ı") == [1])
        #expect(index.filter("kir") == [])         // Diyarbakır ends in dotless ı
    }

    @Test("CJK, Hangul, full-width letters and emoji are left as they are")
    func cjkUntouched() {
        for text in ["東京", "한글", "ｆｕｌｌ", "👩‍💻", "🇫🇷"] {
            #expect(TextFolding.fold(text) == text)
        }
    }

    @Test("the ASCII fast path gives Foundation's bytes for every ASCII character")
    func asciiFastPath() {
        for byte in UInt8(0)..<0x80 {
            let text = String(UnicodeScalar(byte))
            #expect(TextFolding.foldedUTF8(text) == Array(TextFolding.fold(text).utf8), "byte \(byte)")
        }
        for text in ["Hello World", "a\u{0}b", "Émile", "Straße", "東京 Tower", "", "\u{1b}[31mRED"] {
            #expect(TextFolding.foldedUTF8(text) == Array(TextFolding.fold(text).utf8), "\(text.debugDescription)")
        }
    }

    @Test("highlights cover whole characters: é for e, ß for ss, every match, none for no match")
    func highlightRanges() {
        func marked(_ query: String, _ text: String) -> [String] {
            MatchRanges.find(query, in: text).map { String(text[$0]) }
        }
        #expect(marked("e", "Émile élève") == ["É", "e", "é", "è", "e"])
        #expect(marked("EMI", "Émile") == ["Émi"])
        #expect(marked("ss", "Straße") == ["ß"])
        #expect(marked("s", "ß") == ["ß"])
        #expect(marked("aa", "aaaa") == ["aa", "aa"])
        #expect(marked("[bot]", "[bot] Build Agent [BOT]") == ["[bot]", "[BOT]"])
        #expect(marked("東", "東京 東") == ["東", "東"])
        #expect(marked("", "anything").isEmpty)
        #expect(marked("zzz", "anything").isEmpty)
        #expect(marked("x", "").isEmpty)
    }

    @Test("highlight ranges are valid indices of the text, in order and not overlapping")
    func highlightRangesAreOrdered() {
        let text = "Ｃafé au lait, CAFE noir, cafè crème"
        let ranges = MatchRanges.find("cafe", in: text)
        #expect(ranges.map { String(text[$0]) } == ["CAFE", "cafè"])   // Ｃ is full width: no match
        for (left, right) in zip(ranges, ranges.dropFirst()) { #expect(left.upperBound <= right.lowerBound) }
    }
}
