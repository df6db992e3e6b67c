/// ``LoadedData`` after Bulletin's own saves: the data as loaded (`base`, usually a
/// ``FileIndex``) and the changes saved since, applied when a read asks, so a save never has
/// to decode every record (issue 13).
///
/// The changes are kept in order and applied to what each read returns (the rules the saves
/// used on a whole ``DataSet`` before): an update replaces the first record equal to the one it
/// was made from (else the first with its id), a delete removes it (else the first with its
/// id), a create or restore appends. Whole lists (users, post summaries, every post or comment) come out exactly
/// as decoding the saved file would give them. A user's posts keep file order too, a post moved
/// into them by an edit (its `userId` changed) included; a post's comments keep file order except
/// that a comment moved into them (its `postId` changed) comes last rather than at its place in
/// the file (placing it would need every comment's order, which only a whole decode gives here).
///
/// The base's mapping of the file it was loaded from stays valid after a save renames the new
/// file over it: the old inode lives on while it is mapped (and as `FILE.bak`), so records that
/// did not change are still read from there. Its spans, ids and columns describe that old file.
struct EditedData: LoadedData {
    /// One saved change, as it affects the records in memory.
    enum Edit: Sendable, Equatable {
        /// `old` (the record as it was read) became `new`.
        case replace(old: Record, new: Record)
        /// `old` was deleted.
        case remove(Record)
        /// `new` was created or restored.
        case append(Record)

        /// The kind of record concerned.
        var kind: RecordKind {
            switch self {
            case let .replace(old, _): old.kind
            case let .remove(old): old.kind
            case let .append(new): new.kind
            }
        }

        /// The id(s) of the records it touches.
        var ids: [RecordID] {
            switch self {
            case let .replace(old, new): [old.id, new.id]
            case let .remove(old): [old.id]
            case let .append(new): [new.id]
            }
        }
    }

    /// The data as loaded (never itself an ``EditedData``).
    let base: any LoadedData
    /// The saved changes, oldest first.
    let edits: [Edit]

    /// `data` with `edit` applied; an ``EditedData`` gains the edit (no nesting).
    static func applying(_ edit: Edit, to data: any LoadedData) -> EditedData {
        if let edited = data as? EditedData { return EditedData(base: edited.base, edits: edited.edits + [edit]) }
        return EditedData(base: data, edits: [edit])
    }

    // MARK: - Applying edits to a list

    /// `list` (records of one kind, in file order) with every edit of that kind applied;
    /// `keep` says which records belong in it (a filtered list). A replaced record whose new
    /// version no longer belongs is dropped; one that now belongs but was not in the list comes last.
    private static func apply<Value: Equatable>(
        _ edits: [Edit], to list: [Value], as extract: (Record) -> Value?, id: (Value) -> RecordID,
        keep: (Value) -> Bool = { _ in true }
    ) -> [Value] {
        var list = list
        for edit in edits {
            switch edit {
            case let .replace(oldRecord, newRecord):
                guard let old = extract(oldRecord), let new = extract(newRecord) else { continue }
                if let index = list.firstIndex(of: old) ?? (keep(old) ? list.firstIndex { id($0) == id(old) } : nil) {
                    if keep(new) { list[index] = new } else { list.remove(at: index) }
                } else if keep(new), !keep(old) {
                    list.append(new)
                }
            case let .remove(oldRecord):
                guard let old = extract(oldRecord), keep(old) else { continue }
                if let index = list.firstIndex(of: old) ?? list.firstIndex(where: { id($0) == id(old) }) { list.remove(at: index) }
            case let .append(newRecord):
                if let new = extract(newRecord), keep(new) { list.append(new) }
            }
        }
        return list
    }

    private func edits(of kind: RecordKind) -> [Edit] { edits.filter { $0.kind == kind } }

    private static func user(_ record: Record) -> User? { if case let .user(user) = record { user } else { nil } }
    private static func post(_ record: Record) -> Post? { if case let .post(post) = record { post } else { nil } }
    private static func comment(_ record: Record) -> Comment? { if case let .comment(comment) = record { comment } else { nil } }
    private static func summary(_ record: Record) -> PostSummary? { post(record).map(PostSummary.init) }

    // MARK: - LoadedData

    var loadIssues: [RecordIssue] { base.loadIssues }

    func allUsers() -> [User] {
        let edits = edits(of: .user)
        return edits.isEmpty ? base.allUsers() : Self.apply(edits, to: base.allUsers(), as: Self.user, id: \.id)
    }

    func user(id: RecordID, location: String) throws(DataError) -> User {
        if edits(of: .user).isEmpty { return try base.user(id: id, location: location) }
        guard let user = allUsers().first(where: { $0.id == id }) else { throw .notFound("user \(id)", location: location) }
        return user
    }

    /// The post with `id`: the base's when no edit touched that id; else the base's posts with
    /// that id (found by the summaries, decoded through their users' lists) with the edits applied.
    func post(id: RecordID, location: String) throws(DataError) -> Post {
        let edits = edits(of: .post).filter { $0.ids.contains(id) }
        if edits.isEmpty { return try base.post(id: id, location: location) }
        let summaries = base.postSummaries().filter { $0.id == id }
        var byUser: [RecordID: [Post]] = [:]
        for userID in Set(summaries.map(\.userId)) {
            byUser[userID] = base.posts(userID: userID).filter { $0.id == id }
        }
        var candidates: [Post] = []
        for summary in summaries {
            if let next = byUser[summary.userId]?.first {
                candidates.append(next)
                byUser[summary.userId]?.removeFirst()
            }
        }
        guard let post = Self.apply(edits, to: candidates, as: Self.post, id: \.id).first(where: { $0.id == id }) else {
            throw .notFound("post \(id)", location: location)
        }
        return post
    }

    /// A post moved into the list by an edit (its `userId` changed to `userID`) takes its place in
    /// file order, as a decode of the saved file gives it: the order of the post summaries with
    /// the edits applied (the splice left the record where it was).
    func posts(userID: RecordID) -> [Post] {
        let edits = edits(of: .post)
        let posts = base.posts(userID: userID)
        guard !edits.isEmpty else { return posts }
        let listed = Self.apply(edits, to: posts, as: Self.post, id: \.id) { $0.userId == userID }
        let movedIn = edits.contains { edit in
            if case let .replace(.post(old), .post(new)) = edit { old.userId != userID && new.userId == userID } else { false }
        }
        guard movedIn else { return listed }
        let order = Self.apply(edits, to: base.postSummaries(), as: Self.summary, id: \.id).filter { $0.userId == userID }
        return Self.ordered(listed, like: order)
    }

    /// `posts` in the order of `order` (each summary taking the first post not taken yet that
    /// it summarizes); any post no summary takes stays after them, in its order.
    private static func ordered(_ posts: [Post], like order: [PostSummary]) -> [Post] {
        var left = posts
        var result: [Post] = []
        result.reserveCapacity(posts.count)
        for summary in order {
            guard let index = left.firstIndex(where: { PostSummary($0) == summary }) else { continue }
            result.append(left.remove(at: index))
        }
        return result + left
    }

    func comments(postID: RecordID) -> [Comment] {
        let edits = edits(of: .comment)
        let comments = base.comments(postID: postID)
        return edits.isEmpty ? comments : Self.apply(edits, to: comments, as: Self.comment, id: \.id) { $0.postId == postID }
    }

    func postSummaries() -> [PostSummary] {
        let edits = edits(of: .post)
        let summaries = base.postSummaries()
        return edits.isEmpty ? summaries : Self.apply(edits, to: summaries, as: Self.summary, id: \.id)
    }

    func userNames() -> [RecordID: String] {
        if edits(of: .user).isEmpty { return base.userNames() }
        var names: [RecordID: String] = [:]
        for user in allUsers() where names[user.id] == nil { names[user.id] = user.name }
        return names
    }

    func allPosts() -> [Post] {
        let edits = edits(of: .post)
        return edits.isEmpty ? base.allPosts() : Self.apply(edits, to: base.allPosts(), as: Self.post, id: \.id)
    }

    func allComments() -> [Comment] {
        let edits = edits(of: .comment)
        return edits.isEmpty ? base.allComments() : Self.apply(edits, to: base.allComments(), as: Self.comment, id: \.id)
    }

    /// The base's counts, plus one per record appended, less one per record removed.
    var statistics: DataStatistics {
        var counts = base.statistics
        for edit in edits {
            let step: Int
            switch edit {
            case .replace: continue
            case .remove: step = -1
            case .append: step = 1
            }
            switch edit.kind {
            case .user: counts.users += step
            case .post: counts.posts += step
            case .comment: counts.comments += step
            }
        }
        return counts
    }

    /// Everything decoded (exports): the base decoded whole, the edits applied.
    func wholeDataSet() -> DataSet {
        DataSet(users: allUsers(), posts: allPosts(), comments: allComments(), issues: loadIssues, userLists: userLists)
    }

    /// The base's (saves of users, posts and comments do not touch them).
    var userLists: UserListRecords { base.userLists }
}
