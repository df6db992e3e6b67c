import BulletinData

extension PostDetailViewModel {
    /// A table the post's source sends beside its text (a meal's ingredients with their
    /// measures), drawn under ``facts``; `nil` for posts that have none (JSONPlaceholder,
    /// GitHub, DummyJSON) and before the post is loaded.
    public var table: DetailTable? {
        guard let post = state.value?.post else { return nil }
        return RecordFields.ingredients(of: post)
    }

    /// The heading above ``body`` when the source's body is not free text (`Instructions` for
    /// a meal); `nil` otherwise.
    public var bodyHeading: String? {
        guard let post = state.value?.post else { return nil }
        return RecordFields.bodyHeading(of: post)
    }
}

extension PostDetailViewModel {
    /// What the source sent about `comment` beyond its name, address and body (DummyJSON's
    /// likes), one labelled line each; empty for JSONPlaceholder comments.
    public func facts(of comment: Comment) -> [DetailField] {
        RecordFields.facts(of: comment)
    }
}
