import TermView

/// The top line: the app's name and breadcrumbs drawn from the navigation stack.
struct Header {
    /// The stack's titles, root first, such as `["Home", "Users", "Leanne Graham"]`.
    var titles: [String]

    /// `Home › Users › Leanne Graham`.
    var breadcrumbs: String { titles.joined(separator: " › ") }

    func render(in area: Rect, on surface: inout Surface) {
        guard !area.isEmpty else { return }
        surface.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), style: .header)
        let used = surface.write(" Bulletin ", at: Point(x: area.x, y: area.y), style: .header, maxWidth: area.width)
        let room = area.width - used - 1
        guard room > 0 else { return }
        surface.write(TextLayout.truncate(breadcrumbs, to: room), at: Point(x: area.x + used + 1, y: area.y),
                      style: .header, maxWidth: room)
    }
}
