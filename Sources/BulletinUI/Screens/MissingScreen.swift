import TermView

/// Drawn for a view model that ``ScreenHost/screen(for:)`` has no screen for (a programming
/// error a test guards against): says so in words instead of stopping the app; Esc goes back.
struct MissingScreen: Screen {
    /// The view model's title, so the notice says which screen is missing.
    let title: String

    /// No keys of its own: Esc (back), `?` and `q` are the host's.
    var keyHelp: [KeyHelp] { [] }

    func render(in area: Rect, on surface: inout Surface) {
        surface.fill(area, style: .normal)
        guard area.height > 0 else { return }
        surface.write("“\(title)” cannot be shown in this version of Bulletin.",
                      at: Point(x: area.x + 1, y: area.y + min(1, area.height - 1)), style: .error, maxWidth: max(0, area.width - 2))
    }

    func handle(_ key: Key, in area: Rect) -> Bool { false }
}
