import BulletinData

/// The screens of the posts flow, handled by ``PostsCoordinator``.
public enum PostsRoute: Sendable, Equatable {
    /// Every post, with its author.
    case list
    /// One post with its comments.
    case post(id: RecordID)

    /// The screen's address, shown in the header and accepted by `open`.
    public var link: DeepLink {
        switch self {
        case .list: .posts
        case let .post(id): .post(id)
        }
    }
}
