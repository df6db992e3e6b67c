/// Defaults for ``DataSource/allPosts()``, ``DataSource/postList()`` and
/// ``DataSource/allComments()``, for sources with no "every record" endpoint (GitHub, stubs).
///
/// A source that overrides ``DataSource/allPosts()`` must override ``DataSource/postList()``
/// too (and the other way round), or the default of the one it left out gathers user by user.
extension DataSource {
    /// Every post: ``postList()``'s records (posts that could not be read are left out).
    /// - Throws: As ``postList()``.
    public func allPosts() async throws(DataError) -> [Post] { try await postList().records }

    /// Every post, gathered through ``users()`` and one ``posts(userID:)`` per user, in user order.
    ///
    /// One user's posts failing does not fail the list: that user is reported as a
    /// ``RecordIssue`` (`posts of user 3`, the error, `.skipped`) and the others are kept.
    /// A rate limit stops the gathering there: the users not asked yet are reported as one
    /// issue and what was gathered is returned.
    /// - Throws: The error of ``users()``; ``DataError/cancelled``; and, when every user's
    ///   posts failed, the first of those errors (so a dead source shows its error, not an empty list).
    public func postList() async throws(DataError) -> RecordList<Post> {
        try await PostGathering.gather(from: self)
    }

    /// Every comment: one ``comments(postID:)`` per post of ``allPosts()``, in post order.
    /// - Throws: The first error of ``allPosts()`` or ``comments(postID:)``; ``DataError/cancelled``.
    public func allComments() async throws(DataError) -> [Comment] {
        var comments: [Comment] = []
        for post in try await allPosts() {
            if Task.isCancelled { throw .cancelled }
            comments += try await self.comments(postID: post.id)
        }
        return comments
    }
}

/// Gathers every post of a source one user at a time (the default ``DataSource/postList()``).
enum PostGathering {
    static func gather(from source: some DataSource) async throws(DataError) -> RecordList<Post> {
        let users = try await source.users()
        var list = RecordList<Post>(records: [])
        var failed = 0
        var firstError: DataError?
        for (position, user) in users.enumerated() {
            if Task.isCancelled { throw .cancelled }
            do throws(DataError) {
                list.records += try await source.posts(userID: user.id)
            } catch {
                if case .cancelled = error { throw error }
                firstError = firstError ?? error
                let left = users.count - position
                if case .rateLimited = error, left > 1 {
                    list.issues.append(issue("posts of user \(user.id) and \(left - 1) more", error, source))
                    failed += left
                    break
                }
                list.issues.append(issue("posts of user \(user.id)", error, source))
                failed += 1
            }
        }
        if let firstError, failed == users.count { throw firstError }
        return list
    }

    private static func issue(_ what: String, _ error: DataError, _ source: some DataSource) -> RecordIssue {
        RecordIssue(path: what, reason: error.description, effect: .skipped, location: source.descriptor.location)
    }
}
