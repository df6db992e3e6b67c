import BulletinTestSupport
import ViewState
import Foundation
import Testing
@testable import TermView

/// Truncation and drawing against the shared hard inputs in `../shared/inputs`.
@Suite("Hard inputs")
struct HardInputTests {
    /// Every string value under `key` in a JSON array of objects, read with JSONSerialization.
    private func strings(_ file: String, key: String) throws -> [String] {
        let data = try Data(contentsOf: SharedData.input(file))
        let records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return records.compactMap { $0[key] as? String }
    }

    /// Checks that `cut` is a whole-character prefix of `text` (plus "…"), within `width`.
    private func checkTruncation(_ text: String, width: Int) {
        let cut = TextLayout.truncate(text, to: width)
        #expect(DisplayWidth.of(cut) <= width, "\(text) at \(width): \(cut)")
        let kept = cut.hasSuffix("…") && cut != text ? String(cut.dropLast()) : cut
        #expect(text.hasPrefix(kept), "\(text) at \(width) split a character: \(cut)")
        var surface = Surface(width: width, height: 1)
        let used = surface.write(text, at: Point(x: 0, y: 0), style: .normal)
        #expect(used <= width)
        #expect(DisplayWidth.of(surface.lines[0]) == width)
    }

    @Test("titles with wide characters at cut points truncate cleanly at many widths",
          SharedData.needed)
    func wideTitles() throws {
        let titles = try strings("posts-wide-chars-at-cut-points.json", key: "title")
        #expect(titles.count == 7)
        for title in titles {
            for width in [1, 2, 3, 5, 8, 13, 20, 21, 40, 79, 80, 81] { checkTruncation(title, width: width) }
        }
    }

    @Test("CJK user names truncate cleanly and keep table columns aligned",
          SharedData.needed)
    func cjkNames() throws {
        let names = try strings("users-cjk-names.json", key: "name")
        #expect(!names.isEmpty)
        for name in names {
            for width in [1, 2, 3, 4, 5, 7, 10, 16] { checkTruncation(name, width: width) }
        }
        let columns = [TableColumn("Name", width: .fixed(9)), TableColumn("X", width: .fixed(1))]
        var surface = Surface(width: 11, height: names.count + 1)
        var state = ListState()
        TableView(columns: columns, rowCount: names.count) { row, column in column == 0 ? names[row] : "|" }
            .render(in: surface.bounds, on: &surface, state: &state)
        for line in surface.lines.dropFirst() {
            #expect(DisplayWidth.of(String(line.prefix { $0 != "|" })) == 10, "misaligned: \(line)")
        }
    }

    @Test("escape sequences in titles never reach a surface as control characters",
          SharedData.needed)
    func escapes() throws {
        let titles = try strings("posts-escape-sequences.json", key: "title")
        var surface = Surface(width: 60, height: titles.count)
        for (row, title) in titles.enumerated() {
            surface.write(title, at: Point(x: 0, y: row), style: .normal)
        }
        let controls = surface.lines.joined().unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        #expect(controls.isEmpty)
        #expect(surface.lines[2].hasPrefix("Weekly update ^[]0;pwned^G"))
    }

    @Test("very long strings wrap and truncate without trouble",
          SharedData.needed)
    func longStrings() throws {
        let bodies = try strings("posts-very-long-strings.json", key: "body")
            + strings("posts-very-long-strings.json", key: "title")
        for body in bodies {
            let lines = TextLayout.wrap(body, width: 40)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
            #expect(DisplayWidth.of(TextLayout.truncate(body, to: 30)) <= 30)
        }
    }
}
