import BulletinData
import MVVMC
import Observation
import ViewState

/// The Posts screen: every post (id, author, title), ordered by id: the Posts list
/// (``RecordListModel/allPosts(of:)``, whose rows arrive in batches from a big file) with the
/// screen's title, summary, progress bar and editing. A post whose author is not among the
/// users shows `—`; posts that could not be read are named in the status line (``issues``).
@MainActor
@Observable
public final class PostListViewModel: ListScreenViewModel {
    /// A column of the Posts list (``PostRowColumn``).
    public typealias Column = PostRowColumn

    // MARK: - Properties

    /// The posts, their load (batches too), selection and finding.
    public let list: RecordListModel<PostRow>
    /// Where `a`, `e`, `d` and `u` send their requests (set by the coordinator); `nil`: no editing.
    @ObservationIgnored public var editor: Editor?
    @ObservationIgnored private let source: any DataSource

    // MARK: - Init

    public init(source: any DataSource, router: Router<PostsRoute>) {
        self.source = source
        list = .allPosts(of: source)
        list.onOpen = { row in router.go(.post(id: row.post.id)) }
    }

    // MARK: - Presentation

    /// Where the rows are: not asked for yet, on their way (or arriving), here, or failed.
    public var state: LoadState<[PostRow]> { list.state }
    /// Whether a reload (`r`) is on its way while the rows loaded before stay shown.
    public var isReloading: Bool { list.isReloading }
    /// Why the last reload failed while the rows loaded before stay shown.
    public var reloadError: DataError? { list.reloadError }
    /// `true` while the rows are the posts indexed so far and the rest of the file is still being read.
    public var isPartial: Bool { list.isPartial }
    /// The posts (or users' posts) that could not be read in the last load.
    public var issues: [RecordIssue] { list.issues }
    /// Whether the first load is on its way.
    public var isLoading: Bool { state.isLoading }
    /// Whether the last load's finder index was the one built from its batches (tests).
    var indexedFromBatches: Bool { list.indexedFromBatches }

    /// The text of the cell at display position `row`.
    public func cell(row: Int, column: Column) -> String {
        list.cell(row: row, column: Column.allCases.firstIndex(of: column) ?? 0)
    }

    /// The source's words: `posts` (`meals` on TheMealDB).
    public var vocabulary: SourceVocabulary { source.vocabulary }

    /// A summary for the status line, such as `100 posts`, `233472 posts so far · indexing 16%
    /// of 611.5 MB`, or `99 posts · 1 record skipped: …` (``RecordListModel/summary(progress:)``).
    public var summary: String { list.summary(progress: loadProgressText) }

    /// `indexing 45% of 611.5 MB` while the source reports progress on the load in flight.
    public var loadProgressText: String? {
        state.isLoading || isPartial ? source.loadProgress?.text : nil
    }

    /// How much of the file the load in flight has read (0 to 1), once it has run 0.3 s; `nil`
    /// otherwise, so quick loads never flash a bar.
    public func loadProgressFraction(now: ContinuousClock.Instant = .now) -> Double? {
        guard state.isLoading || isPartial, let started = list.loadStarted, now - started >= .milliseconds(300) else { return nil }
        return source.loadProgress?.fraction
    }

    /// `Posts` in the source's words.
    public var title: String { vocabulary.posts.title }

    // MARK: - Intents

    /// Loads unless loaded or loading.
    public func start() { list.start() }
    /// Loads every post and the users (`r` retries) (``RecordListModel/reload()``).
    public func reload() { list.reload() }
    /// The screen left the stack, or Esc while loading: the load in flight is cancelled.
    public func stop() { list.stop() }
    /// Loads and waits for the result and the finder.
    public func load() async { await list.load() }
}
