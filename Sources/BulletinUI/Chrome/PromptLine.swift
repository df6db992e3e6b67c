import TermView
import ViewState

/// A prompt in the status line (`/gra▏  2 of 10  ⏎ keep  Esc clear`) fitted to the width so
/// the typed text and its cursor stay visible: the key help goes first, then the other notes
/// (when they would leave the text less than half the line), and a text longer than what
/// remains shows its end up to the cursor, after `…`.
struct PromptLine {
    /// Shown before the text: `/`, `:` or ` go to `.
    let prefix: String
    /// The text typed so far and its cursor (the prompt fits itself to the line, by ``fit``,
    /// so the state's own scroll is not used).
    let state: TextEditState
    /// Notes kept while they fit (a count, "no matches"), most important first.
    let notes: [String]
    /// The keys' help at the right edge, dropped first (``help(_:)`` of the prompt's bindings).
    let help: String

    /// The footer labels of a prompt's bindings, two spaces apart, with a space at the end
    /// (`⏎ keep  Esc clear `): the ``help`` a prompt shows.
    static func help(_ bindings: [KeyHelp]) -> String {
        bindings.filter { $0.footer != nil }.map(\.label).joined(separator: "  ") + " "
    }

    /// Draws the line on the top row of `area`.
    func render(in area: Rect, on surface: inout Surface) {
        let before = String(state.characters[..<state.cursor]), after = String(state.characters[state.cursor...])
        let full = prefix + before + "▏" + after
        var right = (notes + [help]).joined(separator: "  ")
        if DisplayWidth.of(full) + 1 + DisplayWidth.of(right) > area.width {
            right = notes.isEmpty ? "" : notes.joined(separator: "  ") + " "
            let room = area.width - DisplayWidth.of(right) - 1
            if room < DisplayWidth.of(full), room < area.width / 2 { right = "" }
        }
        // One column stays free after the text even when nothing is on the right: on the bottom
        // row the last column is the terminal's lower-right corner, which ncurses fills with an
        // insert-character trick that breaks after a wide character (the cursor mark there
        // vanished once `日` was typed into a full prompt).
        let room = area.width - DisplayWidth.of(right) - 1
        StatusBar(left: Self.fit(prefix: prefix, before: before, after: after, width: room), right: right)
            .render(in: area, on: &surface)
    }

    /// `prefix + before + ▏ + after`, with the start of `before` cut (after `…`) until the
    /// cursor and one more column fit `width`; the status bar cuts the end of `after`.
    static func fit(prefix: String, before: String, after: String, width: Int) -> String {
        let tail = after.isEmpty ? 0 : 1
        guard DisplayWidth.of(prefix + before + "▏") + tail > width else { return prefix + before + "▏" + after }
        var kept = Substring(before)
        while !kept.isEmpty, DisplayWidth.of(prefix + "…" + kept + "▏") + tail > width { kept = kept.dropFirst() }
        return prefix + "…" + kept + "▏" + after
    }
}
