import Testing
@testable import TermView

/// Issue 16, item 8: grapheme clusters reach the screen whole and bidi controls harmless, in
/// the in-memory backend, and the bytes the ncurses backend sends for clusters ncurses cannot
/// carry (``ClusterMarkers``).
@Suite("Grapheme clusters and bidi controls")
@MainActor
struct GraphemeCellTests {
    static let family = "👩\u{200D}👩\u{200D}👧"
    static let flag = "🇺🇸"
    static let skin = "👍🏽"
    static let combining = "e\u{301}\u{323}"

    /// `text` drawn on a 30x1 memory screen through ``Terminal``.
    private func drawn(_ text: String, width: Int = 30) -> MemoryBackend {
        let backend = MemoryBackend(size: Size(width: width, height: 1))
        let terminal = Terminal(backend: backend)
        terminal.draw { surface in surface.write(text, at: Point(x: 0, y: 0), style: .normal) }
        return backend
    }

    @Test("family, flag, skin tone and combining marks each land whole in one 2- or 1-column cell")
    func clustersWhole() {
        let text = "A" + Self.family + "B" + Self.flag + "C" + Self.skin + "D" + Self.combining + "E"
        let line = drawn(text).lines[0]
        #expect(line.hasPrefix(text), "\(line)")
        // Columns: A(1) family(2) B(1) flag(2) C(1) skin(2) D(1) ẹ́(1) E(1) = 12, then spaces.
        #expect(DisplayWidth.of(line) == 30)
        var surface = Surface(width: 30, height: 1)
        surface.write(text, at: Point(x: 0, y: 0), style: .normal)
        #expect(surface[1, 0].text == Self.family && surface[1, 0].width == 2 && surface[2, 0].width == 0)
        #expect(surface[4, 0].text == Self.flag && surface[4, 0].width == 2)
        #expect(surface[7, 0].text == Self.skin && surface[7, 0].width == 2)
        #expect(surface[10, 0].text == Self.combining && surface[10, 0].width == 1)
        #expect(surface[11, 0].text == "E")
    }

    @Test("bidi controls are drawn as visible marks and never reach a cell raw")
    func bidiMarks() {
        let backend = drawn("ab\u{202E}cd\u{2066}e\u{2069}\u{200F}f")
        #expect(backend.lines[0].hasPrefix("ab<RLO>cd<LRI>e<PDI><RLM>f"))
        let raw = backend.lines[0].unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) || $0.value == 0x200F }
        #expect(!raw)
        #expect(DisplayWidth.of("x\u{202E}y") == 7, "measured as drawn: x<RLO>y")
    }

    @Test("a bidi mark right after a letter is not folded into its cell as a zero-width mark")
    func bidiAfterLetter() {
        var surface = Surface(width: 10, height: 1)
        surface.write("a\u{200E}b", at: Point(x: 0, y: 0), style: .normal)
        #expect(surface[0, 0].text == "a")
        #expect(surface.lines[0].hasPrefix("a<LRM>b"))
    }

    // MARK: - ClusterMarkers (what the ncurses backend sends)

    /// wcwidth(3) as glibc answers for the scalars used here.
    private static func columns(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x200D, 0x301, 0x323, 0xFE0F: 0
        case 0x1F469, 0x1F467, 0x1F44D, 0x1F3FD, 0x3000: 2
        default: 1
        }
    }

    private func needs(_ text: String, width: Int) -> Bool {
        ClusterMarkers.needsMarker(text.unicodeScalars, width: width, limit: 5, columns: Self.columns)
    }

    @Test("clusters ncurses would cut go through a marker; plain and combining cells do not")
    func markerChoice() {
        #expect(needs(Self.family, width: 2), "the emoji after a ZWJ is spacing")
        #expect(needs(Self.flag, width: 2), "a regional indicator is 1 column to wcwidth")
        #expect(needs(Self.skin, width: 2), "the modifier is spacing")
        #expect(needs("\u{2764}\u{FE0F}", width: 2), "VS16 makes it 2 columns, wcwidth says 1")
        #expect(needs("e" + String(repeating: "\u{301}", count: 5), width: 1), "more than CCHARW_MAX scalars")
        #expect(needs("\u{F0001}", width: 1), "a scalar of the marker planes is never sent as itself")
        #expect(!needs(Self.combining, width: 1))
        #expect(!needs("a", width: 1))
    }

    @Test("the frame gets the cluster's own bytes inside the fence, in place of placeholder and marker")
    func substitution() throws {
        let fence = ClusterMarkers.Fence(save: Array("\u{1B}7".utf8), restore: Array("\u{1B}8".utf8),
                                         forward: [Array("\u{1B}[1C".utf8), Array("\u{1B}[2C".utf8)])
        var markers = ClusterMarkers(fence: fence)
        #expect(markers.isEmpty)
        let familyMarker = markers.marker(for: Self.family)
        let family = try #require(familyMarker)
        let flagMarker = markers.marker(for: Self.flag)
        let flag = try #require(flagMarker)
        #expect(markers.marker(for: Self.family) == family, "one marker per cluster for the run")
        #expect(family != flag && family.value >= 0xF0000 && flag.value >= 0xF0000)
        let wide = String(ClusterMarkers.placeholder(width: 2))
        // What ncurses writes: SGR, "A", the family's cell, "B", the flag's cell, "C".
        let frame = Array(("\u{1B}[7mA" + wide + String(family) + "B" + wide + String(flag) + "C").utf8)
        let sent = String(decoding: markers.substitute(in: frame), as: UTF8.self)
        #expect(sent == "\u{1B}[7mA\u{1B}7  \u{1B}8" + Self.family + "\u{1B}8\u{1B}[2CB\u{1B}7  \u{1B}8" + Self.flag
            + "\u{1B}8\u{1B}[2CC")
        #expect(!sent.unicodeScalars.contains { $0.value >= 0xF0000 || $0 == "\u{3000}" }, "no placeholder or marker left")
    }

    @Test("a 1-column marked cluster is fenced by one column; without a fence only its bytes go")
    func narrowAndUnfenced() throws {
        var markers = ClusterMarkers(fence: nil)
        let cluster = "e" + String(repeating: "\u{301}", count: 6)
        let markerMarker = markers.marker(for: cluster)
        let marker = try #require(markerMarker)
        let frame = Array(("x" + String(ClusterMarkers.placeholder(width: 1)) + String(marker) + "y").utf8)
        #expect(String(decoding: markers.substitute(in: frame), as: UTF8.self) == "x" + cluster + "y")
        let fence = ClusterMarkers.Fence(save: [0x37], restore: [0x38], forward: [[0x31], [0x32]])
        var fenced = ClusterMarkers(fence: fence)
        let againMarker = fenced.marker(for: cluster)
        let again = try #require(againMarker)
        let bytes = Array((String(ClusterMarkers.placeholder(width: 1)) + String(again)).utf8)
        #expect(String(decoding: fenced.substitute(in: bytes), as: UTF8.self) == "7 8" + cluster + "81")
    }

    @Test("private-use text that is no marker of the table passes through; a stray marker is dropped")
    func unrelatedBytes() throws {
        var markers = ClusterMarkers(fence: nil)
        let markerMarker = markers.marker(for: Self.flag)
        let marker = try #require(markerMarker)
        let unknown = String(Unicode.Scalar(marker.value + 1)!)
        let frame = Array(("a" + unknown + "b" + String(marker) + "c 漢").utf8)
        #expect(String(decoding: markers.substitute(in: frame), as: UTF8.self) == "a" + unknown + "bc 漢")
    }
}
