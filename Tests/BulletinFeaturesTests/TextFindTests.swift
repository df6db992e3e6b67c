import BulletinFeatures
import Testing
import ViewState

/// Issue 24, item 2 as plain state: the find in a text view's matches, count, `n` / `N` with
/// wrap-around, scrolling into view and Esc. The view is laid out one paragraph per line, so a
/// match's line is its paragraph.
@MainActor
@Suite("Find in text")
struct TextFindTests {
    static let paragraphs = [
        "The lighthouse keeper",          // 0
        "wrote every night.",             // 1
        "", "", "", "", "", "",           // 2-7
        "A LIGHTHOUSE in the fog,",       // 8
        "a lighthouse at dawn, Lïghthouse at dusk", // 9: two matches, one accented
        "nothing here",                   // 10
    ]

    func view(offset: Int = 0, visible: Int = 4) -> TextFindView {
        TextFindView(paragraphs: Self.paragraphs, offset: offset, visible: visible) { $0.paragraph }
    }

    /// Types `text` at the prompt a character at a time, as keys would.
    func type(_ text: String, into find: TextFind, view: TextFindView) -> Int? {
        var target: Int?
        for character in text {
            if let moved = find.edit({ $0.insert(String(character)) }, in: view) { target = moved }
        }
        return target
    }

    @Test("typing finds every match, case- and accent-insensitively, and counts them; the first from the view's top is current")
    func countAndFirst() {
        let find = TextFind()
        find.begin(in: view())
        #expect(find.isEditing && find.countText == nil)
        let target = type("lighthouse", into: find, view: view())
        #expect(find.matches.map(\.paragraph) == [0, 8, 9, 9])
        #expect(find.matches[0].characters == 4..<14)
        #expect(find.matches[3].characters == 22..<32, "Lïghthouse matches: accents are folded")
        #expect(find.current == 0)
        #expect(find.countText == "1 of 4")
        #expect(target == nil, "the first match is in view: nothing scrolls")
    }

    @Test("typing from further down makes the first match below the top current, and scrolls to it with a line above")
    func fromView() {
        let find = TextFind()
        let scrolled = view(offset: 3)
        find.begin(in: scrolled)
        let target = type("lighthouse", into: find, view: scrolled)
        #expect(find.current == 1)
        #expect(find.countText == "2 of 4")
        #expect(target == 7, "line 8 is below lines 3-6: shown from line 7")
    }

    @Test("n and N move between matches, wrapping around at both ends, and scroll each into view")
    func nextAndPrevious() {
        let find = TextFind()
        find.begin(in: view())
        _ = type("lighthouse", into: find, view: view())
        find.commit()
        #expect(!find.isEditing && find.summary == "1 of 4  /lighthouse")
        var offset = 0
        func press(_ forward: Bool) {
            if let target = find.next(forward: forward, in: view(offset: offset)) { offset = target }
        }
        press(true)
        #expect(find.current == 1 && offset == 7, "match 2 is on line 8: scrolled to 7")
        press(true)
        #expect(find.current == 2 && offset == 7, "match 3 is in view: no scroll")
        press(true)
        #expect(find.current == 3 && find.countText == "4 of 4")
        press(true)
        #expect(find.current == 0 && offset == 0, "after the last, the first again, scrolled back up")
        press(false)
        #expect(find.current == 3 && offset == 8, "before the first, the last (line 9, from line 8)")
        #expect(find.countText == "4 of 4")
    }

    @Test("n after scrolling away finds from the view, not from the match left behind")
    func nFromView() {
        let find = TextFind()
        find.begin(in: view())
        _ = type("lighthouse", into: find, view: view())
        find.commit()
        _ = find.next(forward: true, in: view(offset: 9))
        #expect(find.current == 2, "the first match at or below line 9")
        _ = find.next(forward: false, in: view(offset: 1, visible: 3))
        #expect(find.current == 0, "N: the last match above the view's end, wrapping to the top one")
    }

    @Test("no matches says so; Esc closes the prompt and clears the matches; Enter on an empty query closes the find")
    func escAndEmpty() {
        let find = TextFind()
        find.begin(in: view())
        _ = type("seagull", into: find, view: view())
        #expect(find.matches.isEmpty && find.current == nil)
        #expect(find.countText == "no matches")
        #expect(find.next(forward: true, in: view()) == nil)
        find.cancel()
        #expect(!find.isActive && find.matches.isEmpty && find.countText == nil && find.prompt.text.isEmpty)
        find.begin(in: view())
        find.commit()
        #expect(!find.isActive)
    }

    @Test("/ again opens the prompt on the kept query; a changed text is found again")
    func reopenAndRefresh() {
        let find = TextFind()
        find.begin(in: view())
        _ = type("dawn", into: find, view: view())
        find.commit()
        find.begin(in: view())
        #expect(find.prompt.text == "dawn" && find.prompt.cursor == 4)
        find.refresh(["dawn and dawn"])
        #expect(find.matches == [TextMatch(paragraph: 0, characters: 0..<4), TextMatch(paragraph: 0, characters: 9..<13)])
        #expect(find.countText == "1 of 2")
    }

    @Test("after ~ a find is a regular expression, as the list filter's: smartcase, an invalid one said in the count's place")
    func regularExpression() {
        let find = TextFind()
        find.begin(in: view())
        _ = type("~light\\w+ (in|at)", into: find, view: view())
        #expect(find.matches.map(\.paragraph) == [8, 9], "LIGHTHOUSE in, lighthouse at; a regex is not folded: Lïghthouse is not light")
        #expect(find.countText == "1 of 2")
        find.cancel()
        find.begin(in: view())
        _ = type("~^A", into: find, view: view())
        #expect(find.matches.map(\.paragraph) == [8], "a capital: case-sensitive")
        find.cancel()
        find.begin(in: view())
        _ = type("~(fog", into: find, view: view())
        #expect(find.matches.isEmpty)
        #expect(find.countText?.hasPrefix("invalid regex: ") == true, "\(find.countText ?? "nil")")
    }

    @Test("the literal pattern matches as the list filter: folded, whole characters, nothing special in the query")
    func literal() {
        guard case let .pattern(pattern) = TextFind.pattern(for: "Grüsse"),
              case let .pattern(dot) = TextFind.pattern(for: "a.c") else { Issue.record("no pattern"); return }
        let text = "Grüße, GRUSSE and grusse."
        #expect(pattern.ranges(in: text).map { String(text[$0]) } == ["Grüße", "GRUSSE", "grusse"])
        let dots = "abc a.c"
        #expect(dot.ranges(in: dots).map { String(dots[$0]) } == ["a.c"], "a dot is a dot")
        if case .pattern = TextFind.pattern(for: "") { Issue.record("an empty query is no pattern") }
    }
}
