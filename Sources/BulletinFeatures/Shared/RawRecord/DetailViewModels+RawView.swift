import BulletinData

// `v` on the detail screens: the record as the source holds it (``RawRecordViewModel``).

extension UserDetailViewModel {
    /// Why `v` does nothing: no raw view here, or the user has not loaded.
    public var rawUnavailableReason: String? {
        if rawViewer == nil { return "the raw view is not offered here" }
        return state.value == nil ? "the \(vocabulary.users.singular) has not loaded" : nil
    }

    /// `v`: shows the user as the source holds it.
    public func openRaw() {
        guard rawUnavailableReason == nil else { return }
        rawViewer?.go(RawRecordRequest(.user, id: userID))
    }
}

extension PostDetailViewModel {
    /// Why `v` does nothing: no raw view here, or the post has not loaded.
    public var rawUnavailableReason: String? {
        if rawViewer == nil { return "the raw view is not offered here" }
        return state.value == nil ? "the \(vocabulary.posts.singular) has not loaded" : nil
    }

    /// What `v` shows: the selected comment, or the post when none is selected.
    public var rawRequest: RawRecordRequest {
        if let comment = selectedComment { return RawRecordRequest(.comment, id: comment.id) }
        return RawRecordRequest(.post, id: postID)
    }

    /// `v`: shows the selected comment (or the post) as the source holds it.
    public func openRaw() {
        guard rawUnavailableReason == nil else { return }
        rawViewer?.go(rawRequest)
    }
}
