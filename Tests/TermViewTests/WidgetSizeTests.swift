import Testing
import ViewState
@testable import TermView

/// Every widget rendered at 1x1, 10x3, 20x5 and 200x60, compared with the expected text.
@Suite("Widgets at 1x1, 10x3, 20x5 and 200x60")
struct WidgetSizeTests {
    private static let names = ["Leanne Graham", "山田 太郎", "Zoë Ångström", "Ervin Howell", "Clementine Bauch"]

    private func draw(_ size: Size, _ render: (Rect, inout Surface) -> Void) -> [String] {
        var surface = Surface(size: size)
        render(Rect(x: 0, y: 0, width: size.width, height: size.height), &surface)
        return surface.lines
    }

    private func table(_ size: Size, selected: Int = 1) -> [String] {
        draw(size) { area, surface in
            var state = ListState(selected: selected)
            TableView(columns: [TableColumn("ID", width: .fixed(3), alignment: .right),
                                TableColumn("Name", width: .flexible(min: 4, weight: 1))],
                      rowCount: Self.names.count) { row, column in column == 0 ? "\(row + 1)" : Self.names[row] }
                .render(in: area, on: &surface, state: &state)
        }
    }

    @Test("table")
    func tableSizes() {
        #expect(table(Size(width: 1, height: 1)) == [" "], "no column fits in 1 column: nothing half-drawn")
        #expect(table(Size(width: 10, height: 3)) == [" ID Name  ", "  1 Leann…", "  2 山田 …"])
        #expect(table(Size(width: 20, height: 5)) == [
            " ID Name            ",
            "  1 Leanne Graham   ",
            "  2 山田 太郎       ",
            "  3 Zoë Ångström    ",
            "  4 Ervin Howell    ",
        ])
        let large = table(Size(width: 200, height: 60), selected: 4)
        #expect(large.count == 60 && large.allSatisfy { DisplayWidth.of($0) == 200 })
        #expect(large[5] == "  5 Clementine Bauch" + String(repeating: " ", count: 180))
        #expect(large[6...].allSatisfy { $0.allSatisfy { $0 == " " } })
    }

    @Test("list")
    func listSizes() {
        func list(_ size: Size) -> [String] {
            draw(size) { area, surface in
                var state = ListState(selected: 3)
                ListView(items: Self.names).render(in: area, on: &surface, state: &state)
            }
        }
        #expect(list(Size(width: 1, height: 1)) == ["…"])
        #expect(list(Size(width: 10, height: 3)) == ["山田 太郎 ", "Zoë Ångst…", "Ervin How…"], "scrolled so the 4th item is visible")
        #expect(list(Size(width: 20, height: 5)) == Self.names.map { TextLayout.fit($0, width: 20, alignment: .left) })
        let large = list(Size(width: 200, height: 60))
        #expect(large[0].hasPrefix("Leanne Graham ") && large[4].hasPrefix("Clementine Bauch "))
        #expect(large[5...].allSatisfy { $0.allSatisfy { $0 == " " } } && large.count == 60)
    }

    @Test("text view with its scroll indicator")
    func textSizes() {
        func text(_ size: Size) -> [String] {
            draw(size) { area, surface in
                var state = TextViewState()
                TextView(paragraphs: [StyledLine("The quick brown fox jumps over the lazy dog; 日本語のテキスト.")])
                    .render(in: area, on: &surface, state: &state)
            }
        }
        #expect(text(Size(width: 1, height: 1)).count == 1)
        #expect(text(Size(width: 10, height: 3)) == ["The quick┃", "brown fox│", "jumps    │"])
        #expect(text(Size(width: 20, height: 5)) == [
            "The quick brown fox ",
            "jumps over the lazy ",
            "dog;                ",
            "日本語のテキスト.   ",
            "                    ",
        ], "everything fits: no scroll indicator")
        let large = text(Size(width: 200, height: 60))
        #expect(large[0] == TextLayout.fit("The quick brown fox jumps over the lazy dog; 日本語のテキスト.", width: 200, alignment: .left))
        #expect(large[1...].allSatisfy { $0.allSatisfy { $0 == " " } })
    }

    @Test("status bar and text field")
    func barAndField() {
        func bar(_ size: Size) -> [String] {
            draw(size) { area, surface in StatusBar(left: "↑↓ move  ⏎ open  q quit", right: "3 users").render(in: area, on: &surface) }
        }
        #expect(bar(Size(width: 1, height: 1)) == ["…"])
        #expect(bar(Size(width: 10, height: 3))[0] == "↑… 3 users")
        #expect(bar(Size(width: 20, height: 5))[0] == "↑↓ move  ⏎ … 3 users")
        #expect(bar(Size(width: 200, height: 60))[0].hasSuffix(" 3 users"))
        func field(_ size: Size) -> (lines: [String], cursor: Point?) {
            var surface = Surface(size: size)
            TextField().render(in: Rect(x: 0, y: 0, width: size.width, height: size.height), on: &surface,
                               state: TextEditState(text: "日本語 search"))
            return (surface.lines, surface.cursor)
        }
        #expect(field(Size(width: 1, height: 1)).cursor == Point(x: 0, y: 0))
        #expect(field(Size(width: 10, height: 3)).lines == ["語 search ", "          ", "          "])
        #expect(field(Size(width: 10, height: 3)).cursor == Point(x: 9, y: 0))
        #expect(field(Size(width: 20, height: 5)).lines[0] == "日本語 search       ")
        #expect(field(Size(width: 200, height: 60)).cursor == Point(x: 13, y: 0))
    }
}
