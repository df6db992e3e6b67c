extension DataSet {
    /// The data set after `change` was saved, without decoding the file again: a created record
    /// is appended, an updated one replaces the first record with its id, a deleted one is
    /// removed. `nil` when this set does not hold the record being updated (it was skipped while
    /// decoding): then only decoding the saved file tells what it holds now.
    /// - Parameter stored: The record as stored (a created record with its new id).
    func applying(_ change: RecordChange, stored: Record?) -> DataSet? {
        var users = users
        var posts = posts
        var comments = comments
        switch (change, stored) {
        case let (.create, .user(user)?), let (.restore, .user(user)?): users.append(user)
        case let (.create, .post(post)?), let (.restore, .post(post)?): posts.append(post)
        case let (.create, .comment(comment)?), let (.restore, .comment(comment)?): comments.append(comment)
        case let (.update, .user(user)?):
            guard let index = users.firstIndex(where: { $0.id == user.id }) else { return nil }
            users[index] = user
        case let (.update, .post(post)?):
            guard let index = posts.firstIndex(where: { $0.id == post.id }) else { return nil }
            posts[index] = post
        case let (.update, .comment(comment)?):
            guard let index = comments.firstIndex(where: { $0.id == comment.id }) else { return nil }
            comments[index] = comment
        case let (.delete(kind, id), _):
            switch kind {
            case .user: if let index = users.firstIndex(where: { $0.id == id }) { users.remove(at: index) }
            case .post: if let index = posts.firstIndex(where: { $0.id == id }) { posts.remove(at: index) }
            case .comment: if let index = comments.firstIndex(where: { $0.id == id }) { comments.remove(at: index) }
            }
        default: return nil
        }
        return DataSet(users: users, posts: posts, comments: comments, issues: issues)
    }
}
