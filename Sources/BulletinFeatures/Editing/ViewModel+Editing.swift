import BulletinData

// The editing intents of the browsing screens: each sends an ``EditRequest`` through the view
// model's `editor` router; the ``EditingService`` does the rest.

extension UserListViewModel {
    /// `a`: a form for a new user.
    public func addUser() { editor?.go(.newUser) }
    /// `e`: a form for the selected user.
    public func editSelectedUser() {
        if let user = selectedUser { editor?.go(.editUser(user.id, chosen: user)) }
    }
    /// `d`: asks before deleting the marked users, or the selected one when none is marked.
    public func deleteSelectedUser() {
        let marked = list.markedRows
        if !marked.isEmpty { return editor?.go(.deleteMarked(kind: .user, ids: marked.map(\.id), chosen: marked.map(Record.user),
                                                       hidden: list.hiddenMarkCount)) ?? () }
        if let user = selectedUser { editor?.go(.deleteUser(user.id, chosen: user)) }
    }
    /// `u`: re-creates the record deleted last in this run.
    public func undoDelete() { editor?.go(.undoDelete) }

    private var selectedUser: User? { user(at: selection.selected) }

    /// After a write: reloads the users and selects `record` when it is a user.
    public func reloadAfterWrite(selecting record: Record?) async {
        await load()
        if case let .user(user)? = record { select(id: user.id) }
    }
}

extension UserDetailViewModel {
    /// `a`: a form for a new post by this user.
    public func addPost() { editor?.go(.newPost(authorID: userID)) }
    /// `e`: a form for the selected post.
    public func editSelectedPost() {
        if let post = selectedPost { editor?.go(.editPost(post.id, chosen: post)) }
    }
    /// `d`: asks before deleting the marked posts, or the selected one when none is marked.
    public func deleteSelectedPost() {
        let marked = list.markedRows
        if !marked.isEmpty { return editor?.go(.deleteMarked(kind: .post, ids: marked.map(\.id), chosen: marked.map(Record.post),
                                                       hidden: list.hiddenMarkCount)) ?? () }
        if let post = selectedPost { editor?.go(.deletePost(post.id, chosen: post)) }
    }
    /// `u`: re-creates the record deleted last in this run.
    public func undoDelete() { editor?.go(.undoDelete) }

    /// Selects the post with `id`, if it is one of this user's and shown (the filter may hide it).
    public func select(postID id: RecordID) { select(id: id) }

    private var selectedPost: Post? { post(at: selection.selected) }

    /// After a write: reloads the user and their posts, and selects `record` when it is one of them.
    public func reloadAfterWrite(selecting record: Record?) async {
        await load()
        if case let .post(post)? = record { select(postID: post.id) }
    }
}

extension PostDetailViewModel {
    /// `e`: a form for this post.
    public func editPost() { editor?.go(.editPost(postID)) }
    /// `e`: a form for the selected comment, or for the post when none is selected.
    public func editSelected() {
        guard let comment = selectedComment else { return editPost() }
        editor?.go(.editComment(comment.id, postID: postID, chosen: comment))
    }
    /// `d`: asks before deleting the selected comment, or the post when no comment is selected.
    public func deleteSelected() {
        if let comment = selectedComment {
            editor?.go(.deleteComment(comment.id, postID: postID, chosen: comment))
        } else {
            editor?.go(.deletePost(postID))
        }
    }
    /// Tab: selects the next comment; after the last, none (the post).
    public func selectNextComment() {
        guard !comments.isEmpty else { return commentSelection = nil }
        let next = (commentSelection ?? -1) + 1
        commentSelection = next < comments.count ? next : nil
    }
    /// Shift-Tab: selects the previous comment; before the first, none (the post).
    public func selectPreviousComment() {
        guard !comments.isEmpty else { return commentSelection = nil }
        let previous = (commentSelection ?? comments.count) - 1
        commentSelection = previous >= 0 ? previous : nil
    }
    /// The selected comment, if any.
    public var selectedComment: Comment? {
        commentSelection.flatMap { comments.indices.contains($0) ? comments[$0] : nil }
    }
    /// `a`: a form for a new comment on this post.
    public func addComment() { editor?.go(.newComment(postID: postID)) }
    /// `u`: re-creates the record deleted last in this run.
    public func undoDelete() { editor?.go(.undoDelete) }

    /// After a write: reloads the post and its comments; selects `record` when it is one of
    /// them, and otherwise keeps a selection only while it still points at a comment.
    public func reloadAfterWrite(selecting record: Record?) async {
        await load()
        if case let .comment(comment)? = record, let index = comments.firstIndex(where: { $0.id == comment.id }) {
            commentSelection = index
        } else if selectedComment == nil {
            commentSelection = nil
        }
    }
}

extension PostListViewModel {
    /// `a`: a form for a new post, its author to be typed.
    public func addPost() { editor?.go(.newPost(authorID: nil)) }
    /// `e`: a form for the selected post.
    public func editSelectedPost() {
        if let post = selectedRow?.post { editor?.go(.editPost(post.id)) }
    }
    /// `d`: asks before deleting the marked posts (read whole by id: the list holds no
    /// bodies), or the selected one when none is marked.
    public func deleteSelectedPost() {
        let marked = list.markedRows
        if !marked.isEmpty { return editor?.go(.deleteMarked(kind: .post, ids: marked.map(\.id), hidden: list.hiddenMarkCount)) ?? () }
        if let post = selectedRow?.post { editor?.go(.deletePost(post.id)) }
    }
    /// `u`: re-creates the record deleted last in this run.
    public func undoDelete() { editor?.go(.undoDelete) }

    /// After a write: reloads the posts; a written post is selected, otherwise the selection
    /// stays on its row.
    public func reloadAfterWrite(selecting record: Record?) async {
        await load()
        guard case let .post(post)? = record else { return }
        await find.finder.waitUntilIdle()
        select(id: post.id)
    }
}
