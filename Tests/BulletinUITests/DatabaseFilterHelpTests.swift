import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// `?` on a list a database filters says what its filter looks in: the Users list's own
/// columns, not the Posts list's words.
@MainActor
@Suite("The help of a database's filter")
struct DatabaseFilterHelpTests {
    @Test("/ on a database's Users list names the name, username, email, company and id; on Posts the title, author and id")
    func filterWords() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-fhelp-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, posts: 30, users: 3)
        let source = SQLiteDataSource(path: database.path)
        func filterHelp(_ list: RecordListModel<some Any>) -> String? {
            list.listScreenKeys(noun: "row", failed: nil).help.first { $0.keys == [.key(.character("/"))] }?.description
        }
        #expect(filterHelp(RecordListModel.users(of: source))
            == "Filter the rows in the database by the name, username, email or company, or the id (no ~regex)")
        #expect(filterHelp(PostListViewModel(source: source, router: .none).list)
            == "Filter the rows in the database by the title's text, the author's name or the id (no ~regex)")
        #expect(filterHelp(RecordListModel.users(of: StubDataSource())) == "Filter the rows by text (~ for a regex)")
    }
}
