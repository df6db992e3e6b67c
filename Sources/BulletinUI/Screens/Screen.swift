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

    /// Handles `key` through the screen's key map; `area` is the body area, for page sizes.
    /// - Returns: `false` for keys none of ``keyHelp``'s bindings match (and for Ctrl-C when
    ///   the screen lets the app quit), so the host can try its global keys.
    func handle(_ key: Key, in area: Rect) -> Bool

    /// Every binding the screen has in its current state, in footer order, from the same key
    /// map ``handle(_:in:)`` dispatches from: the footer and the `?` overlay are drawn from it.
    var keyHelp: [KeyHelp] { get }

    /// Text for the right side of the status line, such as `10 users`.
    var summary: String { get }

    /// Whether the screen is waiting for data (a load, the next page, a filter or sort still
    /// running), for the spinner.
    var isLoading: Bool { get }

    /// The word beside the spinner while ``isLoading``: `loading`, or what a list does with
    /// rows it has (`sorting`, `filtering`).
    var busyWord: String { get }

    /// Whether the screen shows, while it loads, something that changes without its view
    /// model's observable state changing (a file's load progress, read on each frame): then
    /// every turn of the spinner draws a whole frame, not only the spinner's cell.
    var changesWhileLoading: Bool { get }

    /// Whether the screen takes every key first, before the `:` prompt and the global keys
    /// (a list's `/` prompt, a text field of the Admin panel or a form, where `q` and `:` are
    /// text); keys it leaves (Ctrl-C) go to the global keys.
    var capturesKeys: Bool { get }

    /// Draws the screen's own status line (a prompt) in `area`.
    /// - Returns: `false` when the screen has none, so the host draws hints and summary.
    func renderStatus(in area: Rect, on surface: inout Surface) -> Bool

    /// A message for the footer's right-hand side in place of the summary until the next key
    /// (what the last `n` or jump said); the footer's always-shown keys stay beside it.
    var statusMessage: String? { get }
}

extension Screen {
    var capturesKeys: Bool { false }
    func renderStatus(in area: Rect, on surface: inout Surface) -> Bool { false }
    var statusMessage: String? { nil }
    var summary: String { "" }
    var isLoading: Bool { false }
    var busyWord: String { "loading" }
    var changesWhileLoading: Bool { false }
}
