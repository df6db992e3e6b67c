import BulletinFeatures
import TermView

/// `o` (open the subject's web address), `y` (copy it, or its id and title), `Y` (copy the whole
/// record as JSON, the raw view's text) and `v` (show it as the source holds it) on every screen whose view model declares a subject (``SharesRecord``:
/// the lists, a user, a post, an album's photos). The host binds them beside the screen's own
/// keys, so they are the same everywhere, listed in `?` under "Record", act on the same record
/// (``SharesRecord/subject(for:)``) and never take a key the screen binds (a `/` prompt's text).
extension ScreenHost {
    /// What the record keys do.
    enum RecordIntent: Sendable { case open, copy, copyJSON, raw }

    /// The record keys beside a screen whose bindings are `screen`, for the top view model;
    /// none when it has no subject or the host has no ``ShareService``.
    func recordKeys(beside screen: [KeyHelp]) -> KeyMap<RecordIntent> {
        guard share != nil, let model = stack.top?.destination as? any SharesRecord else { return KeyMap([]) }
        let unavailable = model.subject(for: .text) == nil ? "nothing is selected" : nil
        let marked = model.markedRecords.count
        let copyHelp = marked > 0
            ? "Copy the \(marked) marked records' web addresses, or their ids and titles, one a line, to the clipboard"
            : "Copy the selected record's web address, or its id and title, to the clipboard"
        let bindings = [
            KeyBinding(keys: [.character("o")], label: "o open", description:
                        "Open the web address of the selected record, else of this screen's ($BROWSER, else xdg-open)",
                       group: "Record", disabledReason: unavailable, action: RecordIntent.open),
            KeyBinding(keys: [.character("y")], label: "y copy", description: copyHelp,
                       group: "Record", disabledReason: marked > 0 ? nil : unavailable, action: .copy),
            KeyBinding(keys: [.character("Y")], label: "Y copy JSON", description:
                        "Copy the selected record, else this screen's, whole as JSON (what v shows) to the clipboard",
                       group: "Record", disabledReason: unavailable, action: .copyJSON),
            KeyBinding(keys: [.character("v")], label: "v raw", description:
                        "Show the selected record, else this screen's, as the source holds it",
                       group: "Record", disabledReason: unavailable, action: .raw),
        ].filter { binding in !screen.contains { help in binding.help.keys.contains { help.keys.contains($0) } } }
        return KeyMap(bindings)
    }

    /// Handles `o`, `y`, `Y` or `v` when they are the record keys here.
    /// - Returns: `false` for any other key.
    func handleRecordKey(_ key: Key, beside screen: [KeyHelp]) -> Bool {
        guard let share, let intent = recordKeys(beside: screen).action(for: key),
              let model = stack.top?.destination as? any SharesRecord else { return false }
        switch intent {
        case .open: share.open(model.subject(for: .webAddress))
        case .copy:
            let marked = model.markedRecords
            if marked.isEmpty { share.copy(model.subject(for: .text)) } else { share.copy(marked) }
        case .copyJSON: share.copyJSON(model.subject(for: .raw))
        case .raw: share.showRaw(model.subject(for: .raw))
        }
        return true
    }
}
