import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// Issue 21: one table rule on every source's lists at 120, 80 and 40 columns: the same indent,
/// each column as wide as its widest loaded value within its policy, the spare width shared
/// by need (a column of short values is never cut while a neighbour takes room it does not need).
@MainActor
@Suite("Table widths on every source")
struct TableWidthTests {
    nonisolated static let widths = [120, 80, 40]

    /// A TheMealDB category list: names of at most 13 characters, long descriptions.
    static func categories() -> StubDataSource {
        let names = ["Beef", "Chicken", "Dessert", "Miscellaneous", "Vegetarian"]
        let users = names.map { name in
            User(id: RecordID(name), name: name, username: name, profile: .mealCategory(MealCategory(
                id: "1", name: name, description: String(repeating: "\(name) is a kind of food people like. ", count: 6))))
        }
        return StubDataSource(users: users, descriptor: SourceDescriptor(kind: .mealDB, location: "stub"), vocabulary: .mealDB)
    }

    /// GitHub accounts with short logins.
    static func githubUsers() -> StubDataSource {
        let logins = ["mojombo", "defunkt", "pjhyett", "wycats", "engineyard"]
        let users = logins.map { login in
            User(id: RecordID(login), name: login, username: login, profile: .github(GitHubAccount(
                login: login, type: login == "engineyard" ? "Organization" : "User", siteAdmin: false)))
        }
        return StubDataSource(users: users, descriptor: SourceDescriptor(kind: .github, location: "stub"), vocabulary: .github)
    }

    /// The table's lines (header first) of the screen `link` opens at `width`.
    static func table(_ link: DeepLink, source: StubDataSource, width: Int, header: String) async -> [String] {
        let (_, host) = await UserListsScreenTests.open(link, source: source)
        let lines = UserListsScreenTests.lines(host, width: width, height: 24)
        guard let top = lines.firstIndex(where: { $0.contains(header) }) else {
            Issue.record("no \(header) header at \(width): \(lines)")
            return []
        }
        return Array(lines[top...].prefix { !$0.isEmpty && !$0.hasPrefix(" ↑") && !$0.contains("  ? help") })
    }

    @Test("every list starts one cell in, on every source, at 120, 80 and 40 columns", arguments: widths)
    func sameIndent(width: Int) async {
        let tables: [(DeepLink, StubDataSource, String)] = [
            (.users, StubDataSource(), "Username"), (.users, Self.githubUsers(), "Login"),
            (.users, Self.categories(), "Description"), (.posts, StubDataSource(), "Author"),
            (.userAlbum(user: 1, album: 1), UserListsScreenTests.source(), "Thumbnail"),
        ]
        for (link, source, header) in tables {
            let lines = await Self.table(link, source: source, width: width, header: header)
            #expect(!lines.isEmpty && lines.allSatisfy { $0.first == " " }, "\(header) at \(width): \(lines)")
            // A left-aligned first column starts at x = 1; a right-aligned id column ends where its ids end.
            if header == "Login" || header == "Description" { #expect(lines.allSatisfy { $0.dropFirst().first != " " }) }
        }
    }

    @Test("a category's names (at most 13 characters) stay whole and the descriptions take the rest", arguments: widths)
    func categoryNames(width: Int) async {
        let lines = await Self.table(.users, source: Self.categories(), width: width, header: "Description")
        #expect(lines.first?.hasPrefix(" Name          Description") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix(" Miscellaneous Miscellaneous is a") }, "\(lines)")
        #expect(lines.dropFirst().allSatisfy { $0.count <= width && !$0.prefix(15).contains("…") }, "\(lines)")
    }

    @Test("GitHub's Login is as wide as its longest login, not most of the row", arguments: widths)
    func githubLogin(width: Int) async {
        let lines = await Self.table(.users, source: Self.githubUsers(), width: width, header: "Login")
        #expect(lines.first == " Login      Type         Site admin", "\(lines)")
        #expect(lines.last == " engineyard Organization no", "\(lines)")
    }

    @Test("users on JSONPlaceholder: nothing is cut that fits at 120 and 80; at 40 the wide columns are cut alike",
          arguments: widths)
    func usersShareByNeed(width: Int) async {
        let lines = await Self.table(.users, source: StubDataSource(), width: width, header: "Username")
        if width >= 80 {
            #expect(!lines.joined().contains("…"), "\(lines)")
        } else {
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(lines)")
            #expect(lines[1].hasPrefix("    1 Leanne Gr… Bret     Sincere@a…"), "the short username whole: \(lines)")
        }
    }

    @Test("an album's photos: the title is not cut while the URL columns take more than their URLs", arguments: widths)
    func photoTitles(width: Int) async {
        let lines = await Self.table(.userAlbum(user: 1, album: 1), source: UserListsScreenTests.source(), width: width,
                                     header: "Thumbnail")
        let header = lines.first ?? ""
        let title = header.range(of: "Title")!.lowerBound
        let url = header.range(of: "URL")!.lowerBound
        let titleWidth = header.distance(from: title, to: url) - 1
        let rows = lines.dropFirst()
        let titles = rows.map { String($0[$0.index($0.startIndex, offsetBy: 6)...].prefix(titleWidth)) }
        if titles.contains(where: { $0.contains("…") }) {
            let urlWidth = header.distance(from: url, to: header.range(of: "Thumbnail")!.lowerBound) - 1
            #expect(urlWidth <= titleWidth + 1, "a cut title beside a wider URL column at \(width): \(lines)")
        }
        #expect(width < 120 || !titles.contains(where: { $0.contains("…") }), "\(lines)")
    }
}
