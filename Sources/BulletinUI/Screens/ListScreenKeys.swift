import BulletinFeatures
import TermView

/// The keys ``TextFieldState/handle(_:)`` edits with (besides typed characters).
enum TextFieldKeys {
    /// ← → Home End (Ctrl-A, Ctrl-E), Backspace, Delete, Ctrl-U, Ctrl-W.
    static let editing: [KeyPattern] = [
        .left, .right, .home, .end, .ctrl("a"), .ctrl("e"), .backspace, .delete, .ctrl("u"), .ctrl("w"),
    ].map(KeyPattern.key)

    /// The keys ``TextAreaState/handle(_:width:height:)`` edits a body with (besides typed
    /// characters and Enter): ← → ↑ ↓ PgUp PgDn Home End (Ctrl-A, Ctrl-E), Backspace, Delete.
    static let lines: [KeyPattern] = [
        .left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .ctrl("a"), .ctrl("e"), .backspace, .delete,
    ].map(KeyPattern.key)
}

/// One key map for a list screen: the list's moves, finding, marks, editing and paging keys, and the mouse.
enum ListScreenIntent: Sendable {
    case list(ListIntent), find(FindIntent), mark(MarkIntent), edit(EditIntent), mouse
}

/// Marking rows for one action on all of them (`d` deletes the marked records, `y` copies them).
enum MarkIntent: Sendable {
    /// `m`: mark or unmark the selected row.
    case toggle
    /// `M`: unmark every row.
    case clear

    /// `m` and `M`, beside the editing keys.
    /// - Parameters:
    ///   - noun: What a row is, for the help.
    ///   - failed: Why the rows are not there, or `nil`.
    ///   - clearUnavailable: Why `M` would do nothing (no row is marked), or `nil`.
    ///   - deletes: Whether `d` deletes the marked rows here (todos, albums and photos are not deleted).
    static func keys(noun: String, failed: String?, clearUnavailable: String?, deletes: Bool) -> KeyMap<MarkIntent> {
        KeyMap([
            KeyBinding(keys: [.character("m")], label: "m mark",
                       description: "Mark or unmark the selected \(noun) (\(deletes ? "d deletes and y copies" : "y copies") the marked ones)",
                       group: "Marks", footer: 30, action: .toggle).disabled(failed),
            KeyBinding(keys: [.character("M")], description: "Unmark every row", group: "Marks",
                       disabledReason: failed ?? clearUnavailable, action: .clear),
        ])
    }
}

/// Every input of ``FindableScreenModel/listScreenKeys(noun:failed:edit:)``: equal tokens build
/// equal key maps (``KeyMapMemo``).
struct ListKeysToken: Equatable {
    /// What a row is (`user`, `post`).
    var noun: String
    /// Why the rows are not there, or `nil`.
    var failed: String?
    /// Whether the `/` prompt is open.
    var editing: Bool
    /// Whether a filter is applied (Esc clears it).
    var filtered: Bool
    /// Whether an id is being typed.
    var jumping: Bool
    /// Whether a row is marked (`M` clears).
    var marked: Bool
    /// The editing bindings' help (none on Posts).
    var edit: [KeyHelp]
    /// The intents of those bindings, in the same order.
    var editActions: [EditIntent]
    /// Whether columns are scrolled off on the left (`<` applies).
    var scrolledLeft = false
    /// Whether columns on the right are hidden or cut (`>` applies).
    var moreRight = false
}

extension FindableScreenModel {
    /// The list screen's keys now (`noun` names a row in the help), in footer order: ↑↓ move, ⏎ open,
    /// `<> columns` (``ListIntent/columnKeys(_:failed:)``), (Esc clear), / filter,
    /// s sort, n next, the editing keys, paging, r reload, the mouse. While the `/` prompt is
    /// open, only its keys and the mouse; while an id is typed, the jump's keys come first.
    /// - Parameters:
    ///   - failed: Why the list has no rows (its load failed): finding is left out, moving is
    ///     unavailable, `r` retries.
    ///   - edit: The screen's editing bindings (none on Posts).
    func listScreenKeys(noun: String, failed: String?, edit: [KeyBinding<EditIntent>] = []) -> KeyMap<ListScreenIntent> {
        let mouse = KeyMap<ListScreenIntent>([
            KeyBinding(patterns: [.mouse], description: "Wheel moves the selection; a click selects a row", group: "Move",
                       action: .mouse),
        ])
        if failed == nil, find.finder.isEditing { return FindIntent.promptKeys.map(ListScreenIntent.find) + mouse }
        var keys = (ListIntent.moveKeys(noun: noun, failed: failed) + ListIntent.columnKeys(selection, failed: failed))
            .map(ListScreenIntent.list)
        if failed == nil { keys = keys + FindIntent.listKeys(filtered: !find.finder.query.isEmpty, searched: !find.finder.lastQuery.isEmpty,
                                                                databaseMatches: find.finder.databaseMatches).map(ListScreenIntent.find) }
        keys = keys + MarkIntent.keys(noun: noun, failed: failed, clearUnavailable: clearMarksUnavailableReason,
                                   deletes: edit.contains { $0.action == .delete }).map(ListScreenIntent.mark)
            + KeyMap(edit.map { $0.disabled(failed) }).map(ListScreenIntent.edit)
            + ListIntent.pageKeys(failed: failed).map(ListScreenIntent.list) + mouse
        if failed == nil, find.jumpDigits != nil { keys = FindIntent.jumpKeys.map(ListScreenIntent.find) + keys }
        return keys
    }

    /// ``listScreenKeys(noun:failed:edit:)`` through `memo`: built again only when one of its
    /// inputs (``ListKeysToken``) changed since the last key or frame, so a one-row move
    /// reuses the map and its help.
    func listScreenKeys(noun: String, failed: String?, edit: [KeyBinding<EditIntent>] = [],
                        memo: KeyMapMemo<ListKeysToken, ListScreenIntent>) -> KeyMapMemo<ListKeysToken, ListScreenIntent>.Entry {
        let token = ListKeysToken(
            noun: noun, failed: failed, editing: find.finder.isEditing, filtered: !find.finder.query.isEmpty,
            jumping: find.jumpDigits != nil, marked: clearMarksUnavailableReason == nil, edit: edit.map(\.help),
            editActions: edit.map(\.action), scrolledLeft: selection.canScrollLeft, moreRight: selection.canScrollRight)
        return memo.keys(for: token) { listScreenKeys(noun: noun, failed: failed, edit: edit) }
    }

    /// Handles `key` through `keys` (``listScreenKeys(noun:failed:edit:)``): during a jump a key
    /// that is not the jump's (``FindIntent/jumpKeys``) ends it and then acts as itself: the
    /// list's own keys here, any other (`:`, `o`, `q`, `?`) through the host, which hands a key on
    /// once the screen stopped taking keys first.
    /// - Parameters:
    ///   - pageSize: Rows a page moves.
    ///   - tableArea: Where the table is drawn, for mouse presses.
    ///   - reload: What `r` does when the screen loads more than this list (a user's screen
    ///     reloads the user and every list); `nil`: reloads the list.
    ///   - edit: Performs an editing intent.
    /// - Returns: `false` when `keys` has no binding for `key` (it goes to the host's keys).
    func handleListScreenKey(_ key: Key, keys: KeyMap<ListScreenIntent>, pageSize: Int, tableArea: Rect,
                             reload: (() -> Void)? = nil, edit: (EditIntent) -> Void = { _ in }) -> Bool {
        find.clearMessage()
        // Esc while a sort or filter no index answers reads every row: stops it.
        if key == .escape, cancelWindowWork() { return true }
        let intent = keys.action(for: key)
        if find.jumpDigits != nil {
            if case let .find(findIntent)? = intent, findIntent.isJump {} else { find.cancelJump() }
        }
        guard let intent else { return false }
        switch intent {
        case .list(.reload) where reload != nil: reload?()
        case let .list(listIntent): perform(listIntent, pageSize: pageSize)
        case let .find(findIntent): perform(findIntent, key: key)
        case .mark(.toggle): toggleMark()
        case .mark(.clear): clearMarks()
        case let .edit(editIntent): edit(editIntent)
        case .mouse: _ = handleListMouse(key, tableArea: tableArea, rowCount: rowCount)
        }
        return true
    }
}
