import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// A post whose comments the role may not read, drawn: the reason stands under the Comments
/// heading, whole, where the status line would cut it.
@MainActor
@Suite("A post whose comments cannot be read, on screen")
struct PostCommentsRefusedScreenTests {
    @Test("Comments (not read), and under it the reason in full")
    func reasonUnderTheHeading() async throws {
        let url = try PostgresTestServer.shared().databaseWithCommentsHidden()
        let model = PostDetailViewModel(postID: 1, source: PostgresDataSource(conninfo: url))
        await model.load()
        let screen = try #require(ScreenHost.screen(for: model) as? PostDetailScreen)
        let lines = screen.paragraphs.map(\.text)
        let heading = try #require(lines.firstIndex(of: "Comments (not read)"), "\(lines)")
        #expect(lines[heading + 2] == "Cannot read \(url): permission denied for table comments", "\(lines)")
        #expect(screen.paragraphs[heading + 2].style == .error)
    }
}
