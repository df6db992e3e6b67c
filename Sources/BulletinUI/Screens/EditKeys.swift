import BulletinFeatures
import TermView

/// The editing keys of the browsing screens: `a` add, `e` edit, `d` delete, `u` undo the
/// last delete. Each screen offers the ones that make sense there.
enum EditIntent: Sendable {
    case add, edit, delete, undo

    /// Every editing key.
    static let keyMap = KeyMap<EditIntent>([
        KeyBinding(keys: [.character("a")], help: "a add", action: .add),
        KeyBinding(keys: [.character("e")], help: "e edit", action: .edit),
        KeyBinding(keys: [.character("d")], help: "d delete", action: .delete),
        KeyBinding(keys: [.character("u")], help: "u undo", action: .undo),
    ])

    /// The status-line hint for a list's editing keys: `a/e/d/u edit` (add, edit, delete,
    /// undo; short, so the list's own hints and `q quit` still fit in 100 columns).
    static let listHint = "a/e/d/u edit"

    /// A list's hints with ``listHint`` before `r reload` (the last of the list keys).
    static func listHints(_ hints: [String]) -> [String] {
        guard let reload = hints.firstIndex(of: "r reload") else { return hints + [listHint] }
        return Array(hints[..<reload]) + [listHint] + hints[reload...]
    }
}

extension UserListViewModel {
    /// `a`, `e`, `d`, `u` on the Users list.
    /// - Returns: `false` when `key` is not an editing key.
    func handleEditKey(_ key: Key) -> Bool {
        switch EditIntent.keyMap.action(for: key) {
        case .add?: addUser()
        case .edit?: editSelectedUser()
        case .delete?: deleteSelectedUser()
        case .undo?: undoDelete()
        case nil: return false
        }
        return true
    }
}

extension UserDetailViewModel {
    /// `a`, `e`, `d`, `u` on a user's posts.
    /// - Returns: `false` when `key` is not an editing key.
    func handleEditKey(_ key: Key) -> Bool {
        switch EditIntent.keyMap.action(for: key) {
        case .add?: addPost()
        case .edit?: editSelectedPost()
        case .delete?: deleteSelectedPost()
        case .undo?: undoDelete()
        case nil: return false
        }
        return true
    }
}

extension PostDetailViewModel {
    /// On a post's detail: Tab / Shift-Tab select a comment (or the post), `e` edits the
    /// selected comment or the post, `a` adds a comment, `d` deletes the selected comment, `u` undoes.
    /// - Returns: `false` when `key` is not one of those keys.
    func handleEditKey(_ key: Key) -> Bool {
        switch key {
        case .tab: selectNextComment()
        case .backTab: selectPreviousComment()
        default:
            switch EditIntent.keyMap.action(for: key) {
            case .add?: addComment()
            case .edit?: editSelected()
            case .delete?: deleteSelectedComment()
            case .undo?: undoDelete()
            case nil: return false
            }
        }
        return true
    }
}
