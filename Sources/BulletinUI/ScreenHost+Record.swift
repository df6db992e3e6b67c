import BulletinFeatures
import TermView

/// `o` (open the selected record's web address) and `y` (copy it, or its id and title) on the
/// screens whose view model has a selected record (``SharesRecord``: the lists of users and
/// posts, a user, a post). The host binds them beside the screen's own keys, so they are the
/// same everywhere, listed in `?` under "Record", and never take a key the screen binds.
extension ScreenHost {
    /// What the record keys do.
    enum RecordIntent: Sendable { case open, copy }

    /// The record keys beside a screen whose bindings are `screen`, for the top view model;
    /// none when it has no record to share or the host has no ``ShareService``.
    func recordKeys(beside screen: [KeyHelp]) -> KeyMap<RecordIntent> {
        guard share != nil, let model = stack.top?.destination as? any SharesRecord else { return KeyMap([]) }
        let unavailable = model.sharedRecord == nil ? "nothing is selected" : nil
        let bindings = [
            KeyBinding(keys: [.character("o")], label: "o open", description:
                        "Open the selected record's web address in the browser ($BROWSER, else xdg-open)",
                       group: "Record", disabledReason: unavailable, action: RecordIntent.open),
            KeyBinding(keys: [.character("y")], label: "y copy", description:
                        "Copy the selected record's web address, or its id and title, to the clipboard",
                       group: "Record", disabledReason: unavailable, action: .copy),
        ].filter { binding in !screen.contains { help in binding.help.keys.contains { help.keys.contains($0) } } }
        return KeyMap(bindings)
    }

    /// Handles `o` or `y` when they are the record keys here.
    /// - Returns: `false` for any other key.
    func handleRecordKey(_ key: Key, beside screen: [KeyHelp]) -> Bool {
        guard let share, let intent = recordKeys(beside: screen).action(for: key) else { return false }
        let record = (stack.top?.destination as? any SharesRecord)?.sharedRecord
        switch intent {
        case .open: share.open(record)
        case .copy: share.copy(record)
        }
        return true
    }
}
