import BulletinData
import BulletinTestSupport
import MVVMC
import Testing

@testable import BulletinFeatures

/// Filter, sort, find-next and jump on the three lists, through their view models (issue 7).
@MainActor
@Suite("Finding in lists")
struct ListFindingTests {
    /// The names shown in the user list's rows, top to bottom.
    private func names(_ model: UserListViewModel) -> [String] {
        (0..<model.rowCount).map { model.cell(row: $0, column: .name) }
    }

    /// Types `text` at the `/` prompt one character at a time, as the screen does.
    private func type(_ text: String, into find: FindBar) async {
        for character in text {
            find.editFilter { $0.insert(String(character)) }
            await find.finder.waitUntilIdle()
        }
    }

    @Test("the filter narrows the users case- and accent-insensitively; Enter keeps it, opening goes through the order")
    func filterUsers() async {
        let recorder = RouteRecorder<UserListRoute>()
        let model = UserListViewModel(source: StubDataSource(), router: recorder.router)
        await model.load()
        #expect(names(model) == ["Leanne Graham", "Zoë Ångström", "山田 太郎"])
        model.find.beginFilter()
        #expect(model.find.capturesKeys)
        await type("ZOE", into: model.find)
        #expect(names(model) == ["Zoë Ångström"])
        #expect(model.find.filterSummary == "/ZOE  1 of 3")
        model.find.commitFilter()
        #expect(!model.find.capturesKeys)
        #expect(model.find.filterSummary == "/ZOE  1 of 3", "Enter keeps the filter")
        model.openSelected()
        #expect(recorder.routes == [.user(id: 2)])
    }

    @Test("no match shows nothing and says so; Esc clears the filter and every row is back")
    func noMatchAndClear() async {
        let model = UserListViewModel(source: StubDataSource(), router: .none)
        await model.load()
        model.find.beginFilter()
        await type("xyz", into: model.find)
        #expect(model.rowCount == 0)
        #expect(model.find.filterSummary == "/xyz  no matches")
        #expect(model.find.capturesKeys, "the query stays editable")
        model.find.cancelFilter()
        await model.find.finder.waitUntilIdle()
        #expect(model.rowCount == 3)
        #expect(model.find.filterSummary == nil)
    }

    @Test("the selection stays on the same user while it matches, and the filter survives a reload")
    func selectionAndReload() async {
        let model = UserListViewModel(source: StubDataSource(), router: .none)
        await model.load()
        model.moveSelection(by: 1)
        model.find.beginFilter()
        await type("z", into: model.find)
        #expect(names(model) == ["Leanne Graham", "Zoë Ångström"], "biz in Leanne's email matches too")
        #expect(model.selection.selected == 1 && model.cell(row: 1, column: .name) == "Zoë Ångström")
        await type("o", into: model.find)
        #expect(names(model) == ["Zoë Ångström"])
        #expect(model.selection.selected == 0, "still on Zoë, now the only row")
        model.find.commitFilter()
        await model.load()
        #expect(names(model) == ["Zoë Ångström"])
        #expect(model.find.filterSummary == "/zo  1 of 3")
    }

    @Test("s cycles the sort column, S reverses, the header title shows ▲▼ and the selected user stays selected")
    func sortUsers() async {
        let model = UserListViewModel(source: StubDataSource(), router: .none)
        await model.load()
        model.moveSelection(by: 2)
        model.find.cycleSort()
        await model.find.finder.waitUntilIdle()
        #expect(model.find.finder.title(ofColumn: 0) == "ID ▲")
        model.find.cycleSort()
        await model.find.finder.waitUntilIdle()
        #expect(model.find.finder.title(ofColumn: 0) == "ID")
        #expect(model.find.finder.title(ofColumn: 1) == "Name ▲")
        model.find.reverseSort()
        await model.find.finder.waitUntilIdle()
        #expect(model.find.finder.title(ofColumn: 1) == "Name ▼")
        #expect(names(model) == ["山田 太郎", "Zoë Ångström", "Leanne Graham"])
        #expect(model.cell(row: model.selection.selected, column: .name) == "山田 太郎", "selection kept")
    }

    @Test("a jump selects the user with that id, or says it is not in the list or hidden by the filter")
    func jumpUsers() async {
        let model = UserListViewModel(source: StubDataSource(), router: .none)
        await model.load()
        model.goTo(id: "3")
        #expect(model.cell(row: model.selection.selected, column: .id) == "3")
        #expect(model.find.message == nil)
        model.goTo(id: "12")
        #expect(model.find.message == "no user 12 in this list")
        #expect(model.cell(row: model.selection.selected, column: .id) == "3")
        model.find.beginFilter()
        await type("leanne", into: model.find)
        model.find.commitFilter()
        model.goTo(id: "2")
        #expect(model.find.message == "user 2 is hidden by the filter" && model.find.messageIsHiddenByFilter)
    }

    @Test("digits typed on a list build the id; Backspace removes one, and the last one stops the jump")
    func jumpDigits() {
        let find = FindBar(columns: [ListFinder.Column.id], noun: "user")
        find.typeDigit("1")
        find.typeDigit("2")
        #expect(find.jumpPrompt == ":12")
        #expect(find.capturesKeys)
        find.deleteDigit()
        #expect(find.jumpPrompt == ":1")
        find.deleteDigit()
        #expect(find.jumpPrompt == nil && !find.capturesKeys)
        find.typeDigit("7")
        #expect(find.takeJump() == "7")
        #expect(find.jumpPrompt == nil)
        find.typeDigit("8")
        find.cancelJump()
        #expect(find.takeJump() == nil)
    }

    @Test("the prompt's cursor follows edits and stays inside the text")
    func cursor() async {
        let find = FindBar(columns: [ListFinder.Column("Name")], noun: "user")
        find.beginFilter()
        find.editFilter { $0.insert("abc") }
        find.editFilter { $0.setCursor(1) }
        #expect(find.prompt.cursor == 1 && find.finder.query == "abc")
        find.editFilter { $0.insert("x") }
        #expect(find.prompt.cursor == 2 && find.finder.query == "axbc", "typing goes in at the cursor and filters again")
        find.editFilter { $0.deleteForward() }
        find.editFilter { $0.setCursor(9) }
        #expect(find.prompt.cursor == 3 && find.finder.query == "axc")
        find.commitFilter()
        find.beginFilter()
        #expect(find.prompt.cursor == 3 && find.prompt.text == "axc", "reopening puts the cursor at the end of the kept query")
    }

    @Test("n and N walk the Posts list's matches without hiding the others, wrapping around")
    func findNextPosts() async {
        let recorder = RouteRecorder<PostsRoute>()
        let model = PostListViewModel(source: StubDataSource(), router: recorder.router)
        await model.load()
        model.find.findNext(forward: true)
        #expect(model.find.message == "no search yet")
        model.find.beginFilter()
        await type("post", into: model.find)
        #expect(model.rowCount == 2)
        model.find.cancelFilter()
        await model.find.finder.waitUntilIdle()
        #expect(model.rowCount == 3, "Esc shows every post again")
        model.find.findNext(forward: true)
        #expect(model.selection.selected == 1)
        model.find.findNext(forward: true)
        #expect(model.selection.selected == 0, "wraps past the last match")
        model.find.findNext(forward: false)
        #expect(model.selection.selected == 1)
        model.openSelected()
        #expect(recorder.routes == [.post(id: 2)])
    }

    @Test("the Posts list filters by author and sorts by title; a jump selects a post by id")
    func postsFilterSortJump() async {
        let model = PostListViewModel(source: StubDataSource(), router: .none)
        await model.load()
        model.find.beginFilter()
        await type("zoe", into: model.find)
        #expect(model.rowCount == 1 && model.cell(row: 0, column: .author) == "Zoë Ångström")
        model.find.cancelFilter()
        for _ in 0..<3 { model.find.cycleSort() }
        await model.find.finder.waitUntilIdle()
        #expect(model.find.finder.title(ofColumn: 2) == "Title ▲")
        #expect((0..<3).map { model.cell(row: $0, column: .title) } == ["First post", "Second post", "Zoë writes"])
        model.goTo(id: "3")
        #expect(model.cell(row: model.selection.selected, column: .id) == "3")
        model.goTo(id: "99")
        #expect(model.find.message == "no post 99 in this list")
    }

    @Test("a user's posts filter, sort and jump; Enter opens the post shown at the selection")
    func userPosts() async {
        let recorder = RouteRecorder<UserListRoute>()
        let model = UserDetailViewModel(userID: 1, source: StubDataSource(), router: recorder.router)
        await model.load()
        #expect(model.rowCount == 2)
        model.find.reverseSort()
        model.find.reverseSort()
        await model.find.finder.waitUntilIdle()
        #expect(model.find.finder.title(ofColumn: 0) == "ID ▼")
        #expect(model.postCell(row: 0, column: .id) == "2")
        model.find.beginFilter()
        await type("first", into: model.find)
        #expect(model.rowCount == 1 && model.postCell(row: 0, column: .title) == "First post")
        model.openSelected()
        #expect(recorder.routes == [.post(id: 1, userID: 1)])
        model.goTo(id: "3")
        #expect(model.find.message == "no post 3 in this list")
    }

    @Test("a filter hides the 'Loading more…' row and does not fetch pages; clearing it brings the row back")
    func pagingRow() async {
        let source = PagedSource(total: 30, pageSize: 10)
        let model = UserListViewModel(source: source, router: .none)
        await model.load()
        #expect(model.rowCount == 11)
        model.find.beginFilter()
        await type("User 1", into: model.find)
        #expect(model.rowCount == 2, "User 1 and User 10 of the 10 loaded")
        model.selectLast()
        await model.waitForPage()
        #expect(await source.pagesAsked == [0], "filter what is loaded")
        model.find.cancelFilter()
        await model.find.finder.waitUntilIdle()
        #expect(model.rowCount == 11 && model.cell(row: 10, column: .name) == "Loading more…")
    }
}
