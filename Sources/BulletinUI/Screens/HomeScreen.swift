import BulletinFeatures
import ViewState
import TermView

/// Home: a menu of Users, Admin panel and Quit.
struct HomeScreen: Screen {
    enum Intent: Sendable { case up, down, first, last, open, search, mouse }

    var keys: KeyMap<Intent> { KeyMap<Intent>([
        KeyBinding(keys: [.up, .character("k")], label: "↑↓ move", description: "Select the item above", group: "Menu",
                   footer: 80, action: .up),
        KeyBinding(keys: [.down, .character("j")], description: "Select the item below", group: "Menu", action: .down),
        // The menu is one page: PgUp and PgDn go to its ends, as Home and End do.
        KeyBinding(keys: [.home, .pageUp], description: "Select the first item", group: "Menu", action: .first),
        KeyBinding(keys: [.end, .pageDown], description: "Select the last item", group: "Menu", action: .last),
        KeyBinding(keys: [.enter], label: "⏎ open", description: "Open the selected item", group: "Menu", footer: 90,
                   action: .open),
        KeyBinding(keys: [.character("s")], label: "s search", description: model.vocabulary.searchKeyDescription, group: "Menu",
                   footer: 50, action: .search),
        KeyBinding(patterns: [.mouse], description: "Wheel moves through the menu; a click selects an item", group: "Menu",
                   action: .mouse),
    ]) }

    let model: HomeViewModel

    var keyHelp: [KeyHelp] { keys.help }
    var summary: String { model.sourceLabel }

    func render(in area: Rect, on surface: inout Surface) {
        let inner = area.inset(by: 1)
        guard !inner.isEmpty else { return }
        surface.write("Welcome to Bulletin", at: Point(x: inner.x, y: inner.y), style: .title, maxWidth: inner.width)
        let (_, menuArea) = inner.splitTop(2)
        let titleWidth = (model.items.map { DisplayWidth.of(model.title(of: $0)) }.max() ?? 0) + 4
        let rows = model.items.map {
            TextLayout.fit(model.title(of: $0), width: titleWidth, alignment: .left) + model.subtitle(of: $0)
        }
        var state = model.selection
        ListView(items: rows).render(in: menuArea, on: &surface, state: &state)
        renderHelpLine(below: menuArea, on: &surface)
    }

    /// ``HomeViewModel/helpLine`` under the menu, after a blank row when there is room, muted;
    /// the source is cut (`…`) before `? for keys` is. Left out when the menu fills the area.
    private func renderHelpLine(below menuArea: Rect, on surface: inout Surface) {
        let count = model.items.count
        guard menuArea.height > count else { return }
        let y = menuArea.y + count + (menuArea.height > count + 1 ? 1 : 0)
        let hint = HomeViewModel.helpHint
        let width = menuArea.width
        let text: String
        if DisplayWidth.of(model.helpLine) <= width {
            text = model.helpLine
        } else if width < DisplayWidth.of(hint) + 4 {   // not even "X… · ": the hint alone
            text = TextLayout.truncate(hint, to: width)
        } else {
            text = TextLayout.truncate(model.sourceName, to: width - DisplayWidth.of(hint) - 3) + " · " + hint
        }
        surface.write(text, at: Point(x: menuArea.x, y: y), style: .muted, maxWidth: width)
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        switch keys.action(for: key) {
        case .up?: model.moveSelection(by: -1)
        case .down?: model.moveSelection(by: 1)
        case .first?: model.selectFirst()
        case .last?: model.selectLast()
        case .open?: model.openSelected()
        case .search?: model.openSearch()
        case .mouse?: if case let .mouse(event) = key { return handleMouse(event, in: area) }
        case nil: return false
        }
        return true
    }

    /// The wheel moves through the menu; a press on an item selects it.
    private func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
        switch event.kind {
        case .wheelUp: model.moveSelection(by: -1)
        case .wheelDown: model.moveSelection(by: 1)
        case .press:
            let (_, menuArea) = area.inset(by: 1).splitTop(2)
            if let row = TableView.row(at: event.point, in: menuArea, showsHeader: false, state: model.selection,
                                       rowCount: model.items.count) {
                model.moveSelection(by: row - model.selection.selected)
            }
        }
        return true
    }
}
