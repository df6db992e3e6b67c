import TermView

/// The top line: the app's name and breadcrumbs drawn from the navigation stack, and at the
/// right the top screen's route (`users/3`), the path `:open` and `bulletin open` accept.
struct Header {
    /// The stack's titles, root first, such as `["Home", "Users", "Leanne Graham"]`.
    var titles: [String]
    /// The top screen's route, drawn right-aligned when there is room.
    var route: String = ""
    /// `--live`'s state (`[live]`), drawn at the right end before the route when there is room.
    var badge: String = ""
    /// The badge's style: ``Style/error`` while it reports a problem (a lost connection).
    var badgeStyle: Style = .header

    /// `Home › Users › Leanne Graham`.
    var breadcrumbs: String { titles.joined(separator: " › ") }

    func render(in area: Rect, on surface: inout Surface) {
        guard !area.isEmpty else { return }
        surface.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), style: .header)
        let used = surface.write(" Bulletin ", at: Point(x: area.x, y: area.y), style: .header, maxWidth: area.width)
        var room = area.width - used - 1
        guard room > 0 else { return }
        // Where the right-aligned parts end: the badge at the far right, the route before it.
        var right = area.maxX
        let badgeWidth = DisplayWidth.of(badge)
        if badgeWidth > 0, room - badgeWidth - 2 >= min(20, DisplayWidth.of(breadcrumbs)) {
            surface.write(badge, at: Point(x: area.maxX - badgeWidth - 1, y: area.y), style: badgeStyle, maxWidth: badgeWidth)
            room -= badgeWidth + 2
            right -= badgeWidth + 2
        }
        let routeWidth = DisplayWidth.of(route)
        if routeWidth > 0, room - routeWidth - 2 >= min(20, DisplayWidth.of(breadcrumbs)) {
            surface.write(route, at: Point(x: right - routeWidth - 1, y: area.y), style: .header,
                          maxWidth: routeWidth)
            room -= routeWidth + 2
        }
        surface.write(breadcrumbs(fitting: room), at: Point(x: area.x + used + 1, y: area.y),
                      style: .header, maxWidth: room)
    }

    /// The breadcrumbs in at most `width` columns, keeping the end (where the person is):
    /// the oldest crumbs give way to `… › ` first, and only the current screen's own title is
    /// ever cut, with `…`.
    func breadcrumbs(fitting width: Int) -> String {
        guard DisplayWidth.of(breadcrumbs) > width else { return breadcrumbs }
        var kept = titles
        while kept.count > 1 {
            kept.removeFirst()
            let text = "… › " + kept.joined(separator: " › ")
            if DisplayWidth.of(text) <= width { return text }
        }
        return TextLayout.truncate(kept.last ?? "", to: width)
    }
}
