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

    /// Whether the screen is waiting for data (a load, the next page, a filter or sort still
    /// running), for the spinner.
    var isLoading: Bool { get }

    /// The word beside the spinner while ``isLoading``: `loading`, or what a list does with
    /// rows it has (`sorting`, `filtering`).
    var busyWord: String { get }

    /// Whether the screen shows a failed load, so its list keys do nothing and the status
    /// line offers only retry, back and quit.
    var loadFailed: Bool { get }

    /// Whether the screen takes every key first, before the `:` prompt and the global keys
    /// (a list's `/` prompt, a text field of the Admin panel or a form, where `q` and `:` are
    /// text); keys it leaves (Ctrl-C) go to the global keys. The status line then shows only
    /// the screen's hints.
    var capturesKeys: Bool { get }

    /// Draws the screen's own status line (a prompt or a message) in `area`.
    /// - Returns: `false` when the screen has none, so the host draws hints and summary.
    func renderStatus(in area: Rect, on surface: inout Surface) -> Bool
}

extension Screen {
    var capturesKeys: Bool { false }
    func renderStatus(in area: Rect, on surface: inout Surface) -> Bool { false }
    var summary: String { "" }
    var isLoading: Bool { false }
    var busyWord: String { "loading" }
    var loadFailed: Bool { false }
}
