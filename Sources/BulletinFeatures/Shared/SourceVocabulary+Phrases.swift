import BulletinData

// Phrases the screens build from a source's words, in one place so every screen says the
// same thing: `posts and comments` on JSONPlaceholder, `repositories` on GitHub.
extension SourceVocabulary {
    /// What Search looks through, plural: `posts and comments`, `repositories`, `meals`.
    public var searchedPlural: String {
        comments.map { "\(posts.plural) and \($0.plural)" } ?? posts.plural
    }

    /// What Search looks through, after "every": `post and comment`, `repository`, `meal`.
    public var searchedEvery: String {
        comments.map { "\(posts.singular) and \($0.singular)" } ?? posts.singular
    }

    /// Home's Search entry, explained: `Find text in every post and comment`, `Find users and
    /// repositories` (GitHub's search finds both).
    public var searchSubtitle: String {
        searchFindsUsers ? "Find \(users.plural) and \(posts.plural)" : "Find text in every \(searchedEvery)"
    }

    /// The `s` key on Home, described: `Search every post and comment`, `Search users and repositories`.
    public var searchKeyDescription: String {
        searchFindsUsers ? "Search \(users.plural) and \(posts.plural)" : "Search every \(searchedEvery)"
    }

    /// What Search looks through, one of: `post or comment`, `repository`, `meal`.
    public var searchedSingular: String {
        comments.map { "\(posts.singular) or \($0.singular)" } ?? posts.singular
    }

    /// Home's Users entry, explained: `Browse users, their posts and the posts' comments`,
    /// `Browse users and their repositories`, `Browse categories and their meals`.
    public var browseSubtitle: String {
        let start = "Browse \(users.plural)"
        guard let comments else { return "\(start) and their \(posts.plural)" }
        return "\(start), their \(posts.plural) and the \(posts.plural)' \(comments.plural)"
    }

    /// Home's Posts entry, explained: `Every post, with its author`.
    public var allPostsSubtitle: String { "Every \(posts.singular), with its author" }

    /// The `:ID` command's words off a list: `Not on a list: :ID selects an id on Users,
    /// Posts or a user's posts` (no Posts where the source has no list of every post).
    public func goToHint(_ id: String) -> String {
        let lists = hasAllPostsList
            ? "\(users.title), \(posts.title) or a \(users.singular)'s \(posts.plural)"
            : "\(users.title) or a \(users.singular)'s \(posts.plural)"
        return "Not on a list: :\(id) selects an id on \(lists)"
    }
}
