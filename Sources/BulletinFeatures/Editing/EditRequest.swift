import BulletinData

/// What a person asked to change, sent by a screen's view model to the ``EditingService``
/// through a `Router<EditRequest>`. Carries ids: the coordinator loads the record it needs. An
/// edit or a delete also carries the row's record (`chosen`), so that when several records share
/// the id (a hand-edited file, a server that stores what it is sent), the one the person chose
/// is the one edited or deleted, and a REST writer sends nothing that could reach another.
public enum EditRequest: Sendable, Equatable {
    /// `a` on the Users list.
    case newUser
    /// `e` on the Users list.
    case editUser(RecordID, chosen: User? = nil)
    /// `d` on the Users list (asks first).
    case deleteUser(RecordID, chosen: User? = nil)
    /// `a` on a user's posts: a post with this author prefilled; on the Posts list, none (`nil`).
    case newPost(authorID: RecordID?)
    /// `e` on a user's post, on the Posts list, or on a post's detail.
    case editPost(RecordID, chosen: Post? = nil)
    /// `d` on a user's post, on the Posts list, or on a post with no comment selected (asks first).
    case deletePost(RecordID, chosen: Post? = nil)
    /// `a` on a post's detail: a comment on this post.
    case newComment(postID: RecordID)
    /// `e` on a post's selected comment.
    case editComment(RecordID, postID: RecordID, chosen: Comment? = nil)
    /// `d` on a post's selected comment (asks first).
    case deleteComment(RecordID, postID: RecordID, chosen: Comment? = nil)
    /// `d` with rows marked (on Users, a user's posts, Posts): asks once, naming how many records
    /// of which kinds, then deletes every one. `ids` in the list's order; `chosen` holds the rows'
    /// records where the list has them whole (as `chosen` above); the others are loaded by id.
    /// `hidden`: how many of them the list's filter hides (the question says so).
    case deleteMarked(kind: RecordKind, ids: [RecordID], chosen: [Record] = [], hidden: Int = 0)
    /// `u`: re-create the records deleted last in this run (one, or every marked one).
    case undoDelete
}
