/// ``LoadedData`` over the index: lookups scan the id columns (a few milliseconds at a million
/// posts, no dictionaries to build or hold) and decode only the records they return.
extension FileIndex: LoadedData {
    func allUsers() -> [User] { users() }

    var loadIssues: [RecordIssue] { issues }

    func user(id: RecordID, location: String) throws(DataError) -> User {
        guard let user = users().first(where: { $0.id == id }) else { throw .notFound("user \(id)", location: location) }
        return user
    }

    /// - Throws: ``DataError/notFound(_:location:)``; ``DataError/malformedJSON(path:location:reason:)``
    ///   naming the post's path when its bytes do not decode (the issue is noted too).
    func post(id: RecordID, location: String) throws(DataError) -> Post {
        guard let position = postColumn.firstIndex(where: { $0.id == id }) else { throw .notFound("post \(id)", location: location) }
        guard let post = post(at: position) else {
            let issue = issues.last { $0.path.hasPrefix(path(.post, postElements[position])) }
            throw .malformedJSON(
                path: "$." + path(.post, postElements[position]), location: location,
                reason: issue?.reason ?? "the post does not decode")
        }
        return post
    }

    func posts(userID: RecordID) -> [Post] {
        postColumn.indices.filter { postColumn[$0].userId == userID }.compactMap { post(at: $0) }
    }

    /// Decodes the post's comments; one that does not (a lone surrogate) is left out and noted.
    func comments(postID: RecordID) -> [Comment] {
        commentPostIDs.indices.filter { commentPostIDs[$0] == postID }.compactMap { comment(at: $0) }
    }

    func postSummaries() -> [PostSummary] {
        postColumn
    }

    func userNames() -> [RecordID: String] {
        var names: [RecordID: String] = [:]
        names.reserveCapacity(userIDs.count)
        for (id, name) in zip(userIDs, userNameColumn) where names[id] == nil { names[id] = name }
        return names
    }

    /// Every post, body and all: the posts array decoded in one go (Search, exports), or record
    /// by record when that fails (a record that is not valid UTF-8 or JSON text is then left out).
    func allPosts() -> [Post] {
        noteWholeDecode()
        return wholeArray(Post.self, .post) ?? postElements.indices.compactMap { post(at: $0) }
    }

    /// Every comment, as ``allPosts()`` decodes the posts.
    func allComments() -> [Comment] {
        noteWholeDecode()
        return wholeArray(Comment.self, .comment) ?? commentElements.indices.compactMap { comment(at: $0) }
    }

    /// The collection's array decoded whole by ``JSONDecoding`` (one decoder for all its records,
    /// many times faster than one per record; the same records as the index skips the same
    /// ones); `nil` when the array as a whole does not decode.
    private func wholeArray<Value: Decodable & Sendable>(_ type: Value.Type, _ kind: RecordKind) -> [Value]? {
        guard let array = spans[kind] else { return [] }
        let data = file.data(array.open..<(array.close + 1))
        return try? JSONDecoding.decodeRecords(Value.self, from: data, location: location, root: kind.rawValue).records
    }

    /// Counts from the columns; the albums, photos and todos only where the file has them
    /// (decoding those arrays the first time).
    var statistics: DataStatistics {
        let counts = DataStatistics(users: userIDs.count, posts: postColumn.count, comments: commentPostIDs.count)
        return userListArrays.isEmpty ? counts : counts.adding(userLists)
    }

    func wholeDataSet() -> DataSet {
        DataSet(users: users(), posts: allPosts(), comments: allComments(), issues: issues, userLists: userLists)
    }
}
