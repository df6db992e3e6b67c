import TermView

/// One screen's view: draws view-model state into the body area and maps keys to intents.
///
/// A screen is a value built fresh for each frame from its view model; all state that
/// outlives a frame lives in the view model. Rendering only reads, except for writing back
/// a widget's scroll position.
@MainActor
protocol Screen {
    /// Draws the screen into `area` (the space between header and status line).
    func render(in area: Rect, on surface: inout Surface)

    /// Handles `key`; `area` is the body area, for page sizes.
    /// - Returns: `false` for keys this screen does not use, so the host can try its global keys.
    func handle(_ key: Key, in area: Rect) -> Bool

    /// Short key hints for the status line, such as `↑↓ move`, `⏎ open`.
    var hints: [String] { get }

    /// Text for the right side of the status line, such as `10 users`.
    var summary: String { get }

    /// Whether the screen is waiting for data (a load or the next page), for the spinner.
    var isLoading: Bool { get }

    /// Whether the screen shows a failed load, so its list keys do nothing and the status
    /// line offers only retry, back and quit.
    var loadFailed: Bool { get }

    /// Whether the screen takes typed text (a form): then `:` and `q` are typed, not commands,
    /// and the status line offers the screen's own keys only.
    var capturesText: Bool { get }
}

extension Screen {
    var summary: String { "" }
    var isLoading: Bool { false }
    var loadFailed: Bool { false }
    var capturesText: Bool { false }
}
