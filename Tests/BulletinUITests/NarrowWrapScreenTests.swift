import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// Issue 24, item 14 on screen: text wraps at spaces (only a word longer than the width is
/// cut), a form's body uses the width there is (at 40x12 it was 12 columns wide with 14
/// unused, "reru/m" cut in two), a problem goes under its field where there is no room beside
/// it, and a post's facts go on under their values. At 40, 80 and 120 columns.
@MainActor
@Suite("Narrow terminals: wrapping at spaces, forms that use the width")
struct NarrowWrapScreenTests {
    nonisolated static let widths = [40, 80, 120]
    static let body = "reprehenderit molestiae ut ut quas totam nostrum rerum est autem sunt rem eveniet architecto"
    static var words: Set<String> { Set(body.split(separator: " ").map(String.init)) }

    func openForm(width: Int, height: Int) async -> KeyScreenHarness {
        let harness = await KeyScreenHarness.open(link: .userPost(user: 1, post: 1),
                                                  source: StubDataSource(posts: [Post(userId: 1, id: 1, title: "Title", body: Self.body)]))
        harness.press(.character("e"), width: width, height: height)
        await harness.settle()
        return harness
    }

    /// The body field's rows as drawn: the cells of the box (``RecordFormScreen/Layout``) on
    /// each row it takes.
    func bodyRows(_ harness: KeyScreenHarness, width: Int, height: Int) throws -> [String] {
        let form = try #require(harness.app.stack.top?.destination as? RecordFormViewModel)
        var surface = Surface(width: width, height: height)
        harness.host.render(on: &surface)
        let area = Rect(x: 0, y: 1, width: width, height: height - 2)
        let layout = RecordFormScreen.Layout(fields: form.fields, focus: form.focus, area: area)
        let index = try #require(form.fields.firstIndex { $0.isMultiline })
        var y = area.y + layout.top
        for field in layout.first..<index { y += layout.heights[field] + layout.problemRows[field] + layout.gap }
        return (y..<(y + layout.heights[index])).map { row in
            String(surface.lines[row].dropFirst(layout.fieldX).prefix(layout.boxWidth)).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test("a form's body takes the width there is and wraps at spaces", arguments: widths)
    func formBody(width: Int) async throws {
        let harness = await openForm(width: width, height: 12)
        let form = try #require(harness.app.stack.top?.destination as? RecordFormViewModel)
        let layout = RecordFormScreen.Layout(fields: form.fields, focus: form.focus, area: Rect(x: 0, y: 1, width: width, height: 10))
        if width == 40 {
            #expect(layout.boxWidth == 40 - layout.fieldX - 1, "every column after the labels but the margin")
            #expect(layout.boxWidth == 25)
        } else {
            #expect(layout.boxWidth == min(RecordFormScreen.maxFieldWidth, width - layout.fieldX - 1 - RecordFormScreen.problemRoom))
        }
        let rows = try bodyRows(harness, width: width, height: 12).filter { !$0.isEmpty }
        #expect(!rows.isEmpty)
        for row in rows {
            for word in row.split(separator: " ") {
                #expect(Self.words.contains(String(word)), "at \(width), \(word) is a piece of a word: \(rows)")
            }
        }
        #expect(rows.first?.hasPrefix("reprehenderit molestiae") == true, "\(rows)")
    }

    @Test("at 40 columns a field's note goes under it, in the field's column")
    func problemBelow() async throws {
        let harness = await openForm(width: 40, height: 14)
        let form = try #require(harness.app.stack.top?.destination as? RecordFormViewModel)
        while form.fields[form.focus].label != "Title" { harness.press(.tab, width: 40, height: 14) }
        harness.press(.enter, width: 40, height: 14)
        let lines = harness.lines(width: 40, height: 14)
        let titleRow = try #require(lines.firstIndex { $0.contains("Title ") && $0.contains("›") }, "\(lines)")
        let layout = RecordFormScreen.Layout(fields: form.fields, focus: form.focus, area: Rect(x: 0, y: 1, width: 40, height: 12))
        #expect(String(lines[titleRow + 1].dropFirst(layout.fieldX)) == "Title is one line", "\(lines)")
    }

    @Test("a post's body wraps at spaces, a long fact goes on under its value", arguments: widths)
    func postText(width: Int) async throws {
        let tags = (1...12).map { "tag\($0)" }.joined(separator: ", ")
        let post = Post(userId: 1, id: 1, title: "Title", body: Self.body, details: .dummyJSON(DummyJSONPostDetails(tags: tags.components(separatedBy: ", "))))
        let harness = await KeyScreenHarness.open(link: .userPost(user: 1, post: 1), source: StubDataSource(posts: [post]))
        // The scroll indicator's column is not text.
        let lines = harness.lines(width: width, height: 20).map { String($0.filter { $0 != "┃" && $0 != "│" }) }
        let bodyLines = lines.filter { line in line.split(separator: " ").contains { Self.words.contains(String($0)) } }
        #expect(!bodyLines.isEmpty)
        for line in bodyLines {
            for word in line.split(separator: " ") {
                #expect(Self.words.contains(String(word)), "at \(width), \(word) is a piece of a word: \(lines)")
            }
        }
        guard width == 40 else { return }
        let tagsRow = try #require(lines.firstIndex { $0.contains("Tags:") }, "\(lines)")
        let valueColumn = lines[tagsRow].distance(from: lines[tagsRow].startIndex, to: lines[tagsRow].range(of: "tag1")!.lowerBound)
        let next = lines[tagsRow + 1]
        #expect(next.prefix(valueColumn).allSatisfy { $0 == " " } && next.dropFirst(valueColumn).hasPrefix("tag"),
                "the tags go on under their value: \(lines)")
    }
}
