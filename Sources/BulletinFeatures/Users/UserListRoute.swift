import BulletinData

/// The screens of the user-browsing flow, handled by ``UserListCoordinator``.
public enum UserListRoute: Sendable, Equatable {
    /// The list of every user.
    case list
    /// One user's profile and posts.
    case user(id: RecordID)
    /// One post with its comments; `userID` is its author when the post was opened from the
    /// author's screen (the route then reads `users/3/posts/7`, else `posts/7`).
    case post(id: RecordID, userID: RecordID? = nil)
    /// One album of a user, listing its photos (`users/1/albums/3`).
    case album(id: RecordID, userID: RecordID)

    /// The screen's address, shown in the header and accepted by `open`.
    public var link: DeepLink {
        switch self {
        case .list: .users
        case let .user(id): .user(id)
        case let .post(id, userID?): .userPost(user: userID, post: id)
        case let .post(id, nil): .post(id)
        case let .album(id, userID): .userAlbum(user: userID, album: id)
        }
    }
}
