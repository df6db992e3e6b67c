import BulletinFeatures
import TermView

/// The editing keys of the browsing screens: `a` add, `e` edit, `d` delete, `u` undo the
/// last delete. Each screen offers the ones that make sense there.
enum EditIntent: Sendable {
    case add, edit, delete, undo

    /// A list's editing keys, under one footer label `a/e/d/u edit` (short, so the list's own
    /// labels and the always-shown ones fit).
    /// - Parameters:
    ///   - noun: What a row is (`user`, `post`), for the descriptions.
    ///   - editing: Why nothing can be edited here, or `nil`.
    ///   - selection: Why the selected row cannot be edited or deleted, or `nil`.
    ///   - undo: Why `u` has nothing to do (no delete to undo), or `nil`.
    ///   - marked: How many rows are marked, in words (`3 users`), or `nil` for none: then `d`
    ///     deletes them (asking once), and needs only that editing applies, not a selected row.
    /// The footer label rides on `a`: on a read-only source none of the four is offered there
    /// (each says why in `?`).
    static func listBindings(noun: String, editing: String?, selection: String?, undo: String?,
                             marked: String? = nil) -> [KeyBinding<EditIntent>] {
        let delete = if let marked {
            KeyBinding(keys: [.character("d")], description: "Delete the \(marked) marked (asks once)", group: "Edit",
                       action: EditIntent.delete).disabled(editing)
        } else {
            KeyBinding(keys: [.character("d")], description: "Delete the selected \(noun) (asks first)", group: "Edit",
                       action: EditIntent.delete).disabled(selection)
        }
        return [
            KeyBinding(keys: [.character("a")], label: "a/e/d/u edit", description: "Add a \(noun)", group: "Edit",
                       footer: 60, action: .add).disabled(editing),
            KeyBinding(keys: [.character("e")], description: "Edit the selected \(noun)", group: "Edit", action: .edit)
                .disabled(selection),
            delete,
            KeyBinding(keys: [.character("u")], description: "Undo the last delete", group: "Edit", action: .undo)
                .disabled(undo),
        ]
    }
}

extension UserListViewModel {
    /// The Users list's editing keys.
    var editBindings: [KeyBinding<EditIntent>] {
        EditIntent.listBindings(noun: vocabulary.users.singular, editing: editingUnavailableReason,
                                selection: selectedUserUnavailableReason, undo: undoUnavailableReason, marked: list.marksCounted)
    }

    /// Does what an editing key asks on the Users list.
    func perform(_ intent: EditIntent) {
        switch intent {
        case .add: addUser()
        case .edit: editSelectedUser()
        case .delete: deleteSelectedUser()
        case .undo: undoDelete()
        }
    }
}

extension UserDetailViewModel {
    /// A user's posts' editing keys.
    var editBindings: [KeyBinding<EditIntent>] {
        EditIntent.listBindings(noun: vocabulary.posts.singular, editing: editingUnavailableReason,
                                selection: selectedPostUnavailableReason, undo: undoUnavailableReason, marked: list.marksCounted)
    }

    /// Does what an editing key asks on a user's posts.
    func perform(_ intent: EditIntent) {
        switch intent {
        case .add: addPost()
        case .edit: editSelectedPost()
        case .delete: deleteSelectedPost()
        case .undo: undoDelete()
        }
    }
}

extension PostListViewModel {
    /// The Posts list's editing keys.
    var editBindings: [KeyBinding<EditIntent>] {
        EditIntent.listBindings(noun: vocabulary.posts.singular, editing: editingUnavailableReason, selection: selectedPostUnavailableReason,
                                undo: undoUnavailableReason, marked: list.marksCounted)
    }

    /// Does what an editing key asks on the Posts list.
    func perform(_ intent: EditIntent) {
        switch intent {
        case .add: addPost()
        case .edit: editSelectedPost()
        case .delete: deleteSelectedPost()
        case .undo: undoDelete()
        }
    }
}
