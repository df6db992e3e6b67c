import BulletinData

// What each screen with data reads again when others change rows (`--live`, ``LiveUpdates``):
// the same reload as after a write of its own, which keeps what is shown until the new rows
// come, the selection on its record (a list by id or key, a post's comment by id), the
// filter, the sort and the scroll.

extension Array where Element == DataChange {
    /// Whether any change is to a kind of `kinds`.
    func touch(_ kinds: SQLLayout.Kind...) -> Bool { contains { kinds.contains($0.kind) } }

    /// Whether any change may concern the record `id` of `kind`.
    func mayConcern(_ kind: SQLLayout.Kind, id: RecordID) -> Bool { contains { $0.mayConcern(kind, id: id) } }
}

extension RecordListModel {
    /// Others changed rows it may show: reads them again, keeping the selection; and the count,
    /// unless every change was an update and no filter is set (an update changes no unfiltered
    /// count, and a `count(*)` of ten million rows is a quarter of a second of the server's).
    func showOthersChanges(_ changes: [DataChange]) async {
        let added = changes.contains { $0.operation != .update }
        let recount = !find.finder.query.isEmpty || added
        guard isWindowed, !recount else {
            await load()
            // Rows added or deleted change the unfiltered count behind a filter's `2 of 6` too.
            if isWindowed, added { await recountBase() }
            return
        }
        reloadWindow(recount: false)
        await wait()
    }
}

extension UserListViewModel {
    /// Users changed: the list reads them again.
    public func othersChanged(_ changes: [DataChange]) async {
        guard changes.touch(.users) else { return }
        await list.showOthersChanges(changes)
    }
}

extension PostListViewModel {
    /// Posts changed, or users (the authors' names): the list reads them again.
    public func othersChanged(_ changes: [DataChange]) async {
        guard changes.touch(.posts, .users) else { return }
        await list.showOthersChanges(changes)
    }
}

extension UserDetailViewModel {
    /// This user changed, or posts, albums or todos (a deleted row no longer says whose it
    /// was): the profile and the lists are read again.
    public func othersChanged(_ changes: [DataChange]) async {
        guard changes.mayConcern(.users, id: userID) || changes.touch(.posts, .albums, .todos) else { return }
        await reloadAfterWrite(selecting: nil)
    }
}

extension PostDetailViewModel {
    /// This post changed, its author, or comments: the post and its comments are read again,
    /// the comment selected staying selected.
    public func othersChanged(_ changes: [DataChange]) async {
        let author = state.value?.post.userId
        guard changes.mayConcern(.posts, id: postID) || changes.touch(.comments)
            || author.map({ changes.mayConcern(.users, id: $0) }) == true else { return }
        let selected = selectedComment?.id
        await load()
        if let selected, let index = comments.firstIndex(where: { $0.id == selected }) {
            commentSelection = index
        } else if selectedComment == nil {
            commentSelection = nil
        }
    }
}

extension AlbumViewModel {
    /// Photos changed: the album's photos are read again.
    public func othersChanged(_ changes: [DataChange]) async {
        guard changes.touch(.photos) else { return }
        await photos.load()
    }
}
