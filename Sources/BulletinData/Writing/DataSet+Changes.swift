extension DataSet {
    /// The data set after `change` was saved, without decoding the file again: a created or
    /// restored record is appended, an updated one replaces the first record with its id, a
    /// deleted one is removed. The indexes are extended or kept where the change allows
    /// (``appending(_:)``, ``replacing(_:at:)``). `nil` when this set does not hold the record
    /// being updated (it was skipped while decoding): then only decoding the saved file tells
    /// what it holds now.
    /// - Parameters:
    ///   - stored: The record as stored (a created record with its new id).
    ///   - original: For an update, the record as the person opened it: the first record equal
    ///     to it is replaced (when several share the id), else the first with the id.
    func applying(_ change: RecordChange, stored: Record?, original: Record? = nil) -> DataSet? {
        switch (change, stored) {
        case let (.create, record?), let (.restore, record?):
            return appending(record)
        case let (.update, record?):
            let index: Int? = switch (record, original) {
            case let (.user(user), .user(chosen)?): users.firstIndex { $0 == chosen } ?? users.firstIndex { $0.id == user.id }
            case let (.post(post), .post(chosen)?): posts.firstIndex { $0 == chosen } ?? posts.firstIndex { $0.id == post.id }
            case let (.comment(comment), .comment(chosen)?):
                comments.firstIndex { $0 == chosen } ?? comments.firstIndex { $0.id == comment.id }
            case let (.user(user), _): users.firstIndex { $0.id == user.id }
            case let (.post(post), _): posts.firstIndex { $0.id == post.id }
            case let (.comment(comment), _): comments.firstIndex { $0.id == comment.id }
            }
            return index.map { replacing(record, at: $0) }
        case let (.delete(kind, id), _):
            var (users, posts, comments) = (users, posts, comments)
            switch kind {
            case .user: if let index = users.firstIndex(where: { $0.id == id }) { users.remove(at: index) }
            case .post: if let index = posts.firstIndex(where: { $0.id == id }) { posts.remove(at: index) }
            case .comment: if let index = comments.firstIndex(where: { $0.id == id }) { comments.remove(at: index) }
            }
            return DataSet(users: users, posts: posts, comments: comments, issues: issues)
        default:
            return nil
        }
    }
}
