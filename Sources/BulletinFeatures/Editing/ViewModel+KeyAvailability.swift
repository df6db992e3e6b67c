// Why an intent does not apply right now, in words for the help overlay (`nil` when it does).
// The screens put these on their bindings; the view models name no keys.

/// Why changes cannot be asked for through `editor`: none is attached, or the source is read-only.
@MainActor
private func editingUnavailable(_ editor: Editor?) -> String? {
    guard let editor else { return "editing is not offered here" }
    return editor.deniedReason
}

/// Why `u` would do nothing through `editor`: no editing, or nothing to undo.
@MainActor
private func undoUnavailable(_ editor: Editor?) -> String? {
    guard let editor else { return "editing is not offered here" }
    return editor.undoUnavailableReason
}

extension UserListViewModel {
    /// Why moving and finding do nothing: the list did not load (only retrying applies).
    public var rowsUnavailableReason: String? { state.error == nil ? nil : "the list did not load" }
    /// Why adding cannot be asked for here: no editor is attached, or the source is read-only.
    public var editingUnavailableReason: String? { editingUnavailable(editor) }
    /// Why `u` does nothing now: no editing here, or no delete to undo.
    public var undoUnavailableReason: String? { undoUnavailable(editor) }
    /// Why editing or deleting the selected user does not apply: no editor, or no user selected.
    public var selectedUserUnavailableReason: String? {
        editingUnavailableReason ?? (user(at: selection.selected) == nil ? "no \(vocabulary.users.singular) is selected" : nil)
    }
}

extension UserDetailViewModel {
    /// Why moving and finding do nothing: the user or their posts did not load.
    public var rowsUnavailableReason: String? {
        state.error == nil ? list.rowsUnavailableReason : "the \(vocabulary.users.singular) did not load"
    }
    /// Why adding cannot be asked for here: no editor is attached, or the source is read-only.
    public var editingUnavailableReason: String? { editingUnavailable(editor) }
    /// Why `u` does nothing now: no editing here, or no delete to undo.
    public var undoUnavailableReason: String? { undoUnavailable(editor) }
    /// Why editing or deleting the selected post does not apply: no editor, or no post selected.
    public var selectedPostUnavailableReason: String? {
        editingUnavailableReason ?? (post(at: selection.selected) == nil ? "no \(vocabulary.posts.singular) is selected" : nil)
    }
}

extension PostListViewModel {
    /// Why moving and finding do nothing: the list did not load.
    public var rowsUnavailableReason: String? { state.error == nil ? nil : "the list did not load" }
    /// Why adding cannot be asked for here: no editor is attached, or the source is read-only.
    public var editingUnavailableReason: String? { editingUnavailable(editor) }
    /// Why `u` does nothing now: no editing here, or no delete to undo.
    public var undoUnavailableReason: String? { undoUnavailable(editor) }
    /// Why editing or deleting the selected post does not apply: no editing, or no post selected.
    public var selectedPostUnavailableReason: String? {
        editingUnavailableReason ?? (selectedRow == nil ? "no post is selected" : nil)
    }
}

extension PostDetailViewModel {
    /// Why scrolling does nothing: the post did not load.
    public var textUnavailableReason: String? {
        state.error == nil ? nil : "the \(vocabulary.posts.singular) did not load"
    }
    /// Why editing (or deleting: the selected comment, else the post) cannot be asked for here:
    /// no editor is attached, the source is read-only, or the post has not loaded.
    public var editingUnavailableReason: String? {
        if let reason = editingUnavailable(editor) { return reason }
        return state.value == nil ? "the \(vocabulary.posts.singular) has not loaded" : nil
    }
    /// Why `u` does nothing now: no editing here, or no delete to undo.
    public var undoUnavailableReason: String? { undoUnavailable(editor) }
    /// Why moving between comments does not apply: the source has nothing under a post
    /// (`a repository has no comments here`), the post has not loaded, or has none.
    public var commentSelectionUnavailableReason: String? {
        let post = vocabulary.posts.singular
        guard let names = vocabulary.comments else { return "a \(post) has no comments here" }
        if state.value == nil { return "the \(post) has not loaded" }
        return comments.isEmpty ? "the \(post) has no \(names.plural)" : nil
    }
}

extension AdminPanelViewModel {
    /// Why switching the source does not apply: this run was started without a way to switch.
    public var switchUnavailableReason: String? { canSwitchSource ? nil : "this run cannot switch sources" }
}
