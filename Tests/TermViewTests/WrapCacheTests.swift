import Testing

@testable import TermView

/// Issue 13: a long body is wrapped once per width, not on every frame.
struct WrapCacheTests {
    @Test("a 1 MB paragraph drawn twice at one width is wrapped once; the lines are TextLayout.wrap's")
    func wrapsOnce() {
        let body = String(repeating: "word ", count: 200_000) + "end"
        let view = TextView(paragraphs: [StyledLine(body)])
        var surface = Surface(width: 40, height: 5)
        var state = TextViewState()
        let before = WrapCache.hits
        view.render(in: Rect(x: 0, y: 0, width: 40, height: 5), on: &surface, state: &state)
        view.render(in: Rect(x: 0, y: 0, width: 40, height: 5), on: &surface, state: &state)
        #expect(WrapCache.hits >= before + 1)
        #expect(view.lineCount(width: 40) == TextLayout.wrap(body, width: 39).count)
        #expect(surface.lines[0].hasPrefix("word word word"))
        #expect(WrapCache.wrap("short", width: 3) == TextLayout.wrap("short", width: 3))
    }
}
