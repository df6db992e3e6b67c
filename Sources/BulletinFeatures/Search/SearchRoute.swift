import BulletinData

/// The screens of the search flow, handled by ``SearchCoordinator``.
public enum SearchRoute: Sendable, Equatable {
    /// The Search screen, starting with `query`.
    case results(query: String)
    /// A result's post (for a comment, the post it belongs to), landing on `focus`: the
    /// comment that matched, or the query's first match in the body.
    case post(id: RecordID, focus: PostFocus.Target? = nil)
    /// A user found by the source's own search (GitHub's `/search/users`).
    case user(id: RecordID)

    /// The screen's address, shown in the header and accepted by `open`.
    public var link: DeepLink {
        switch self {
        case let .results(query): .search(query)
        case let .post(id, _): .post(id)
        case let .user(id): .user(id)
        }
    }
}
