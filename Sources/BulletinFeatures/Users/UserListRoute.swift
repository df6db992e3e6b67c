import BulletinData

/// The screens of the user-browsing flow, handled by ``UserListCoordinator``.
public enum UserListRoute: Sendable, Equatable {
    /// The list of every user.
    case list
    /// One user's profile and posts.
    case user(id: RecordID)
    /// One post with its comments.
    case post(id: RecordID)
}
