import BulletinData

/// Checks that a link's records exist and finds what its back stack needs (the author of
/// `posts/ID`), through the data source.
///
/// Links to lists (`users`, `posts`, `admin`, `home`) need no data and resolve at once.
public enum DeepLinkResolver {
    /// Why a well-formed link cannot be opened: it names a record that is missing, or the
    /// source failed; shown on the link error screen.
    public struct Failure: Error, Equatable, Sendable {
        /// The link that was asked for.
        public var link: DeepLink
        /// The cause, such as `No post 99 in embedded data set`.
        public var reason: String
        /// What kind of failure it is: a missing record (the default), or a source that could
        /// not answer, which trying again may mend.
        public var kind: Kind = .missing

        /// Whether the record is missing or the source failed to say.
        public enum Kind: Equatable, Sendable {
            /// The record is not there (or not where the link says).
            case missing
            /// The server refuses more requests for now; the reason says until when.
            case rateLimited
            /// The source did not answer (network, server error, unreadable file).
            case unanswered
        }

        /// Creates a failure of `link` for `reason`.
        public init(link: DeepLink, reason: String, kind: Kind = .missing) {
            self.link = link
            self.reason = reason
            self.kind = kind
        }

        /// The failure of `link` that `error` makes: its words, and its kind (a 404 or a missing
        /// record is ``Kind/missing``; a rate limit ``Kind/rateLimited``; anything else ``Kind/unanswered``).
        init(link: DeepLink, error: DataError) {
            let kind: Kind = switch error {
            case .notFound, .badStatus(404, _, _), .badStatus(410, _, _): .missing
            case .rateLimited: .rateLimited
            default: .unanswered
            }
            self.init(link: link, reason: error.description, kind: kind)
        }
    }

    /// Whether `link` can be applied without asking the source.
    public static func isImmediate(_ link: DeepLink) -> Bool {
        switch link {
        case .home, .users, .posts, .admin, .search: true
        case .user, .userPost, .userAlbum, .post: false
        }
    }

    /// The whole back stack of `link`, root first, after checking its records exist.
    /// - Throws: ``Failure`` naming the missing record or the source's error.
    public static func resolve(_ link: DeepLink, source: any DataSource) async throws(Failure) -> [DeepLink] {
        let words = source.vocabulary
        let author: RecordID?
        do throws(DataError) {
            author = try await load(link, source: source)
        } catch {
            throw Failure(link: link, error: error)
        }
        if case let .userPost(userID, postID) = link, let author, author != userID {
            throw Failure(link: link, reason: "\(words.posts.singularTitle) \(postID) is by \(words.users.singular) \(author), "
                + "not \(words.users.singular) \(userID)")
        }
        return link.stack(author: author)
    }

    /// Loads the link's records; returns the post's author for links that name a post.
    private static func load(_ link: DeepLink, source: any DataSource) async throws(DataError) -> RecordID? {
        switch link {
        case .home, .users, .posts, .admin, .search:
            return nil
        case let .user(id):
            _ = try await source.user(id: id)
            return nil
        case let .userPost(userID, postID):
            _ = try await source.user(id: userID)
            return try await source.post(id: postID).userId
        case let .post(id):
            return try await source.post(id: id).userId
        case let .userAlbum(userID, albumID):
            _ = try await source.user(id: userID)
            guard try await source.albums(userID: userID).contains(where: { $0.id == albumID }) else {
                throw .notFound("album \(albumID) of user \(userID)", location: source.descriptor.location)
            }
            return nil
        }
    }
}
