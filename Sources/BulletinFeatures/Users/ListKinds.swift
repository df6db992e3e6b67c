import BulletinData
import ViewState

// Each kind of list as a declaration of the one list model (``RecordListModel``): its name in
// the source's words, its columns, and where its rows come from. Adding a list is one of these.

extension RecordListModel where Row == User {
    /// The source's users (TheMealDB's categories, GitHub's accounts), page by page where the
    /// source pages, in the columns its user shape declares (``UserColumn/columns(for:)``); a
    /// database's in windows by key (``DataSource/userWindows``), filtered and sorted by it.
    public static func users(of source: any DataSource) -> RecordListModel<User> {
        let columns = UserColumn.columns(for: source)
        var feed = ListFeed<User>(
            first: { _ throws(DataError) in Self.page(try await source.userPage(after: nil)) },
            page: { cursor throws(DataError) in Self.page(try await source.userPage(after: cursor)) })
        if let windows = source.userWindows {
            feed.windows = ListWindows(sortFields: columns.map { "\($0)" },
                                       filterMatches: "the name, username, email or company, or the id", windows) { $0 }
        }
        return RecordListModel(name: source.vocabulary.users, columns: columns.map(\.column), feed: feed)
    }

    private nonisolated static func page(_ page: UserPage) -> ListPage<User> {
        ListPage(rows: page.list.records, issues: page.list.issues, next: page.next)
    }
}

extension RecordListModel where Row == Post {
    /// A user's posts (repositories on GitHub, meals on TheMealDB), in the columns the source's
    /// post shape declares (``PostColumn/columns(for:)``).
    public static func posts(of userID: RecordID, source: any DataSource) -> RecordListModel<Post> {
        RecordListModel(name: source.vocabulary.posts, columns: PostColumn.columns(for: source).map(\.column),
                        feed: .whole { () async throws(DataError) in try await source.postList(userID: userID) })
    }
}

extension RecordListModel where Row == Album {
    /// A user's albums: ID and title.
    public static func albums(of userID: RecordID, source: any DataSource) -> RecordListModel<Album> {
        RecordListModel(name: SourceVocabulary.albums, columns: [
            Column(.id) { $0.id.text },
            Column(.title) { $0.title },
        ]) { () async throws(DataError) in try await source.albums(userID: userID) }
    }
}

extension RecordListModel where Row == Todo {
    /// The mark a todo shows for its state: `✓` done, `☐` not done.
    public nonisolated static func mark(_ todo: Todo) -> String { todo.completed ? "✓" : "☐" }

    /// A user's todos: ID, done (✓ / ☐) and title.
    public static func todos(of userID: RecordID, source: any DataSource) -> RecordListModel<Todo> {
        RecordListModel(name: SourceVocabulary.todos, columns: [
            Column(.id) { $0.id.text },
            Column(ListColumn("Done", .boolean)) { mark($0) },
            Column(.title) { $0.title },
        ]) { () async throws(DataError) in try await source.todos(userID: userID) }
    }
}

extension RecordListModel where Row == Photo {
    /// An album's photos: ID, title, URL and thumbnail URL.
    public static func photos(of albumID: RecordID, source: any DataSource) -> RecordListModel<Photo> {
        RecordListModel(name: SourceVocabulary.photos, columns: [
            Column(.id) { $0.id.text },
            Column(.title) { $0.title },
            Column(ListColumn("URL", .url, width: ColumnWidth(min: 10, max: 48))) { $0.url },
            Column(ListColumn("Thumbnail", .url, width: ColumnWidth(min: 10, max: 48))) { $0.thumbnailUrl },
        ]) { () async throws(DataError) in try await source.photos(albumID: albumID) }
    }
}
