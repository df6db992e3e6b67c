import BulletinData

// Which record `o` and `y` act on, per screen: the selected row of a list; on a user, the
// selected post; on a post, the selected comment, else the post.

extension UserListViewModel: SharesRecord {
    public var sharedRecord: SharedRecord? {
        user(at: selection.selected).map { SharedRecord(level: .user, id: $0.id, title: $0.name, webAddress: $0.webAddress) }
    }
}

extension UserDetailViewModel: SharesRecord {
    public var sharedRecord: SharedRecord? {
        if let post = post(at: selection.selected) {
            return SharedRecord(level: .post, id: post.id, title: post.title, webAddress: post.webAddress)
        }
        return state.value.map { SharedRecord(level: .user, id: $0.user.id, title: $0.user.name, webAddress: $0.user.webAddress) }
    }
}

extension PostListViewModel: SharesRecord {
    public var sharedRecord: SharedRecord? {
        row(at: selection.selected).map { SharedRecord(level: .post, id: $0.post.id, title: $0.post.title) }
    }
}

extension PostDetailViewModel: SharesRecord {
    public var sharedRecord: SharedRecord? {
        if let comment = selectedComment {
            return SharedRecord(level: .comment, id: comment.id, title: comment.name)
        }
        return state.value.map { SharedRecord(level: .post, id: $0.post.id, title: $0.post.title, webAddress: $0.post.webAddress) }
    }
}
