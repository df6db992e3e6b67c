import BulletinData
import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinFeatures

/// A part of a screen the role may not read (`REVOKE SELECT ON comments`) is said in its place;
/// the rest of the screen is shown.
@MainActor
@Suite("PostgreSQL: a table the role may not read")
struct PostgresPartialReadTests {
    @Test("a post whose comments the role may not read shows the post, Comments (not read) and why; a lost server still fails the screen")
    func commentsRefused() async throws {
        let url = try PostgresTestServer.shared().databaseWithCommentsHidden()
        let model = PostDetailViewModel(postID: 1, source: PostgresDataSource(conninfo: url))
        await model.load()
        #expect(model.state.value?.post.title == "first")
        #expect(model.state.value?.author?.name == "Ann")
        #expect(model.commentsHeading == "Comments (not read)")
        #expect(model.commentsNote?.hasPrefix("Comments could not be read: Cannot read \(url): permission denied for table comments") == true,
                "\(String(describing: model.commentsNote))")
        #expect(DataError.databaseConnection(location: url, reason: "x").failsWholeScreen && DataError.cancelled.failsWholeScreen)
        // Search with no index (each kind read whole): the posts found, the comments said.
        let search = SearchViewModel(source: PostgresDataSource(conninfo: url), router: .none)
        await search.load()
        #expect(search.state.value is FullTextSearchCorpus, "\(String(describing: search.state.error))")
        #expect(search.notice?.contains("Comments are not searched: Cannot read \(url): permission denied for table comments") == true,
                "\(String(describing: search.notice))")
        search.setQuery("first")
        await search.waitForSearch()
        #expect(search.results.posts.count == 1 && search.fullTextMessage == nil)
    }
}
