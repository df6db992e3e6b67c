import BulletinData
import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinFeatures

/// Issue 21: every list's columns are declared with a value type, and the sort follows it
/// (numbers by value, dates in time order, booleans, text folded), missing values last both ways.
@MainActor
@Suite struct ColumnTypeSortTests {
    /// Every source × every list × its columns, as the view models declare them.
    static func lists() -> [(name: String, columns: [ListColumn])] {
        let kinds: [(String, SourceDescriptor.Kind)] = [
            ("JSONPlaceholder", .embedded), ("DummyJSON", .dummyJSON), ("GitHub", .github), ("TheMealDB", .mealDB),
        ]
        var lists: [(String, [ListColumn])] = []
        for (name, kind) in kinds {
            let source = StubDataSource(descriptor: SourceDescriptor(kind: kind, location: "stub"))
            lists.append(("\(name) users", UserListViewModel.Column.columns(for: source).map(\.declaration)))
            lists.append(("\(name) a user's posts", UserDetailViewModel.PostColumn.columns(for: source).map(\.declaration)))
            lists.append(("\(name) Posts list", PostListViewModel.Column.allCases.map(\.declaration)))
        }
        let source = StubDataSource()
        lists.append(("albums", RecordListModel.albums(of: 1, source: source).columns.map(\.declaration)))
        lists.append(("todos", RecordListModel.todos(of: 1, source: source).columns.map(\.declaration)))
        lists.append(("photos", RecordListModel.photos(of: 1, source: source).columns.map(\.declaration)))
        return lists
    }

    /// Cells of each type, in no order, with a missing one in the middle; and the orders they
    /// sort to ascending and descending (missing last both ways; equal values keep their order).
    static func sample(_ type: ListColumn.ValueType) -> (cells: [String], ascending: [String], descending: [String]) {
        switch type {
        case .integer: (["8", "8", "7", "—", "46", "4", "200", "17"], ["4", "7", "8", "8", "17", "46", "200", "—"],
                        ["200", "46", "17", "8", "8", "7", "4", "—"])
        case .decimal: (["2.5", "10", "—", "-1", "0.25"], ["-1", "0.25", "2.5", "10", "—"], ["10", "2.5", "0.25", "-1", "—"])
        case .text, .url: (["b", "Ábc", "", "a", "c"], ["a", "Ábc", "b", "c", ""], ["c", "b", "Ábc", "a", ""])
        case .dateTime: (["2024-05-01", "2010-1-2", "—", "2010-01-15", "1996-5-30"],
                         ["1996-5-30", "2010-1-2", "2010-01-15", "2024-05-01", "—"],
                         ["2024-05-01", "2010-01-15", "2010-1-2", "1996-5-30", "—"])
        case .boolean: (["yes", "—", "no", "✓", "☐"], ["no", "☐", "yes", "✓", "—"], ["yes", "✓", "no", "☐", "—"])
        }
    }

    @Test("every source's every list's every column sorts as its type says, missing values last both ways")
    func everyColumnSortsByType() async {
        for (list, columns) in Self.lists() {
            for column in columns {
                let (cells, ascending, descending) = Self.sample(column.type)
                let finder = ListFinder(columns: [column])
                finder.setRows(count: cells.count, text: { row, _ in cells[row] })
                finder.cycleSort()
                await finder.waitUntilIdle()
                #expect(finder.order.map { cells[$0] } == ascending, "\(list) · \(column.title) ▲")
                finder.reverseSort()
                await finder.waitUntilIdle()
                #expect(finder.order.map { cells[$0] } == descending, "\(list) · \(column.title) ▼")
                #expect(column.isRightAligned == column.type.isNumber, "\(list) · \(column.title): numbers right-aligned")
            }
        }
    }

    @Test("the columns say what their values are: ids, ★ and forks are integers, updated a date, flags booleans, URLs URLs")
    func declaredTypes() {
        var types: [String: Set<ListColumn.ValueType>] = [:]
        for (_, columns) in Self.lists() {
            for column in columns { types[column.title, default: []].insert(column.type) }
        }
        #expect(types["ID"] == [.integer] && types["★"] == [.integer] && types["Forks"] == [.integer])
        #expect(types["Updated"] == [.dateTime] && types["Site admin"] == [.boolean] && types["Done"] == [.boolean])
        #expect(types["URL"] == [.url] && types["Thumbnail"] == [.url])
        #expect(types["Name"] == [.text] && types["Title"] == [.text] && types["Description"] == [.text])
    }

    @Test("TheMealDB's meals are headed with the meal's name, not Title")
    func mealsHeadedName() {
        let source = StubDataSource(descriptor: SourceDescriptor(kind: .mealDB, location: "stub"), vocabulary: .mealDB)
        #expect(UserDetailViewModel.PostColumn.columns(for: source).map(\.title) == ["ID", "Name"])
    }

    @Test("GitHub ★ and Forks on a user's repositories sort by value: 200, 46, 17, 8, …; a missing count last")
    func repositoryStarsByValue() async {
        let stars: [Int?] = [8, 8, 7, 6, 5, 46, 4, 200, 17, nil]
        let forks: [Int?] = [61, 5, 4, 4, 33, 3, nil, 0, 12, 1]
        let user = User(id: "dstufft", name: "Donald Stufft", username: "dstufft",
                        profile: .github(GitHubAccount(login: "dstufft")))
        let posts = stars.indices.map { index in
            Post(userId: "dstufft", id: RecordID("dstufft/r\(index)"), title: "r\(index)", body: "",
                 details: .github(GitHubRepositoryDetails(fullName: "dstufft/r\(index)", stars: stars[index], forks: forks[index])))
        }
        let source = StubDataSource(users: [user], posts: posts, descriptor: SourceDescriptor(kind: .github, location: "stub"),
                                    vocabulary: .github)
        let model = UserDetailViewModel(userID: "dstufft", source: source, router: .none)
        await model.load()
        let finder = model.find.finder
        let column = { (name: UserDetailViewModel.PostColumn) in model.postColumns.firstIndex(of: name)! }
        while finder.sortColumn != column(.stars) { finder.cycleSort() }
        finder.reverseSort()
        await finder.waitUntilIdle()
        #expect((0..<model.rowCount).map { model.postCell(row: $0, column: .stars) }
                == ["200", "46", "17", "8", "8", "7", "6", "5", "4", "—"])
        finder.cycleSort()
        finder.reverseSort()
        await finder.waitUntilIdle()
        #expect(finder.sortColumn == column(.forks))
        #expect((0..<model.rowCount).map { model.postCell(row: $0, column: .forks) }
                == ["61", "33", "12", "5", "4", "4", "3", "1", "0", "—"])
    }
}

/// Issue 21: the widths the table's policy starts from are those of the loaded values.
@MainActor
@Suite struct NaturalWidthTests {
    @Test("each column's natural width is its widest value or its title with room for the mark; a long list's last ids count")
    func naturalWidths() {
        let finder = ListFinder(columns: [.id, .title])
        #expect(finder.naturalWidths(measure: { $0.count }) == [nil, nil], "nothing loaded: not measured")
        let count = 20_000
        finder.setRows(count: count, text: { row, column in column == 0 ? String(row + 1) : (row == 7 ? "a longer title" : "t") })
        #expect(finder.naturalWidths(measure: { $0.count }) == [5, 7], "ID 20000 (the last row); the title of row 7 is not in the sample")
        finder.setRows(count: 3, text: { _, column in column == 0 ? "1" : "a title of 20 chars." })
        #expect(finder.naturalWidths(measure: { $0.count }) == [4, 20], "ID ▲ needs 4; measured again for new rows")
    }
}
