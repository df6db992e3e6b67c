import BulletinData
import MVVMC
import Observation

/// A post with its comments and, when the source has them, its author.
public struct PostDetail: Sendable, Equatable {
    public var post: Post
    public var author: User?
    public var comments: [Comment]
    /// The comments that could not be read (skipped), or a list read only in part.
    public var commentIssues: [RecordIssue]
    /// Why the comments could not be read at all (a table the role may not read), when the
    /// post itself could: the post is shown, and this said in place of its comments.
    public var commentsError: DataError?

    public init(post: Post, author: User?, comments: [Comment], commentIssues: [RecordIssue] = [], commentsError: DataError? = nil) {
        self.post = post
        self.author = author
        self.comments = comments
        self.commentIssues = commentIssues
        self.commentsError = commentsError
    }
}

/// The post detail screen: title, author, wrapped body, then the comments, scrollable.
@MainActor
@Observable
public final class PostDetailViewModel: LoadingScreen, FindsInText {
    // MARK: - Properties

    public let postID: RecordID
    /// The post, its comments and author, loaded and reloaded together (``ScreenLoad``).
    public let loader = ScreenLoad<PostDetail>()
    /// The first visible line of the scrolled text, kept across redraws.
    public var scrollOffset = 0
    /// `/` in the post's text: the prompt, the matches and the current one.
    public let textFind = TextFind()
    /// The selected comment (index into ``comments``) for `e` and `d`; `nil`: the post itself.
    public var commentSelection: Int?
    /// What the post was opened to show (Search's comment or match, ``PostFocus``); `nil`: its top.
    @ObservationIgnored public var focus: PostFocus?
    @ObservationIgnored private let source: any DataSource
    /// Where `a`, `e`, `d` and `u` send their requests (set by the coordinator); `nil`: no editing.
    @ObservationIgnored public var editor: Editor?

    // MARK: - Init

    public init(postID: RecordID, source: any DataSource) {
        self.postID = postID
        self.source = source
    }

    // MARK: - Presentation

    /// The source's words: `post` and `comments`, `repository` and none on GitHub.
    public var vocabulary: SourceVocabulary { source.vocabulary }

    /// `Post 3` (`Repository dstufft/xmlrpc2` on GitHub, `Meal 52772` on TheMealDB).
    public var title: String { "\(vocabulary.posts.singularTitle) \(postID)" }

    /// The post's title once loaded.
    public var headline: String { state.value?.post.title ?? "" }

    /// `by Leanne Graham (@Bret)`, `by dstufft` (a login alone), `in Chicken` (a meal's category),
    /// or `by user 1` (`in category Dessert`) when the author is not found.
    public var byline: String {
        guard let detail = state.value else { return "" }
        let word = vocabulary.ownerWord
        guard let author = detail.author else { return "\(word) \(vocabulary.users.singular) \(detail.post.userId)" }
        // One name when the source has no second one (a GitHub login, a category).
        guard author.name != author.username else { return "\(word) \(author.name)" }
        return "\(word) \(author.name) (@\(author.username))"
    }

    /// What the source sent about the post beyond its title and body (a repository's
    /// language and stars, DummyJSON's tags and reactions, a meal's area), one labelled
    /// line each, shown under the byline; empty for JSONPlaceholder posts.
    public var facts: [DetailField] {
        guard let post = state.value?.post else { return [] }
        return RecordFields.facts(of: post)
    }

    /// The body text, newlines kept (the screen wraps it to the width).
    public var body: String { state.value?.post.body ?? "" }

    /// `Comments (5)`; `nil` where the source has nothing under a post (GitHub, TheMealDB):
    /// the screen then shows no comments section.
    public var commentsHeading: String? {
        guard let comments = vocabulary.comments else { return nil }
        if state.value?.commentsError != nil { return "\(comments.title) (not read)" }
        return "\(comments.title) (\(state.value?.comments.count ?? 0))"
    }

    /// The comments, in the source's order.
    public var comments: [Comment] { state.value?.comments ?? [] }

    /// `1 record skipped: comments[1] not valid UTF-8 (line 14, column 17)` when comments could
    /// not be read, for the status line; `nil` when all were.
    public var commentsNote: String? {
        if let error = state.value?.commentsError { return "\(vocabulary.comments?.title ?? "Comments") could not be read: \(error)" }
        return RecordIssue.summary(of: state.value?.commentIssues ?? [])
    }

    // MARK: - Intents

    /// Loads the post, its comments (not asked for where the source has none) and its author
    /// (`r` retries). A missing author is not an error. What is shown stays during a reload, and a failed reload keeps it and says why
    /// (``reloadError``); only a first load that fails shows the error screen.
    public func reload() {
        let hasComments = vocabulary.comments != nil
        loader.reload({ [source, postID] () async throws(DataError) in
            async let post = attempt { () async throws(DataError) in try await source.post(id: postID) }
            async let comments = attempt { () async throws(DataError) in
                hasComments ? try await source.commentList(postID: postID) : RecordList(records: [])
            }
            let loadedPost = try await post.get()
            let author = try? await source.user(id: loadedPost.userId)
            // The post read, its comments not (a table the role may not read): the post is
            // shown and the comments' error said; a lost connection or a cancel fails the load.
            switch await comments {
            case let .success(list):
                return PostDetail(post: loadedPost, author: author, comments: list.records, commentIssues: list.issues)
            case let .failure(error) where !error.failsWholeScreen:
                return PostDetail(post: loadedPost, author: author, comments: [], commentsError: error)
            case let .failure(error):
                throw error
            }
        }, value: { $0 }) { [weak self] loaded in
            guard let self, loaded != nil || state.error != nil else { return }
            applyFocus()
        }
    }

    /// The screen left the stack: the load in flight is cancelled and its result dropped.
    public func stop() { loader.stop() }

    /// Scrolls by `delta` lines; the screen clamps to the text's height when drawing.
    public func scroll(by delta: Int) { scrollOffset = max(0, scrollOffset + delta) }

    /// Scrolls to the top.
    public func scrollToTop() { scrollOffset = 0 }

    /// Scrolls to the end (the screen clamps `Int.max` to the last page).
    public func scrollToEnd() { scrollOffset = Int.max / 2 }
}

extension DataError {
    /// Whether a part of a screen that could not be read fails the whole screen: a cancel, or
    /// a source that cannot be reached (the rest would fail too); a part refused on its own (a
    /// table the role may not read, a bad answer) is said in its place instead.
    var failsWholeScreen: Bool {
        switch self {
        case .cancelled, .databaseConnection, .transport, .timedOut, .tooSlow, .rateLimited: true
        default: false
        }
    }
}
