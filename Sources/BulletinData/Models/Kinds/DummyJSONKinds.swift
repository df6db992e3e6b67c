/// What DummyJSON's `/users` sends beyond JSONPlaceholder's fields (https://dummyjson.com/docs/users).
public struct DummyJSONProfile: Hashable, Sendable {
    /// Age in years.
    public var age: Int?
    /// As DummyJSON sends it (`female`, `male`).
    public var gender: String?

    /// Creates a profile from its fields.
    public init(age: Int? = nil, gender: String? = nil) {
        self.age = age
        self.gender = gender
    }
}

/// What DummyJSON's `/posts` sends beyond JSONPlaceholder's fields (https://dummyjson.com/docs/posts):
/// `tags`, `reactions {likes, dislikes}`, `views`.
public struct DummyJSONPostDetails: Hashable, Sendable {
    public var tags: [String]
    public var likes: Int?
    public var dislikes: Int?
    public var views: Int?

    /// Creates the details from the post's fields.
    public init(tags: [String] = [], likes: Int? = nil, dislikes: Int? = nil, views: Int? = nil) {
        self.tags = tags
        self.likes = likes
        self.dislikes = dislikes
        self.views = views
    }
}

/// What DummyJSON's `/comments` sends beyond JSONPlaceholder's fields: `likes` and
/// `user {id, username, fullName}`.
public struct DummyJSONCommentDetails: Hashable, Sendable {
    public var likes: Int?
    public var fullName: String?

    /// Creates the details from the comment's fields.
    public init(likes: Int? = nil, fullName: String? = nil) {
        self.likes = likes
        self.fullName = fullName
    }
}
